// proposed-in: Which paper introduced a method, dataset, benchmark or task, with its authors.
//
// params:
//   entity: entity, required -- the entity, any spelling or alias
//   type: entity-type = "" -- method, dataset, benchmark or task; empty: every type
//   limit: int = 10 -- at most this many rows
// columns: entity, type, paper, authors, year, confidence, paper_id
//   authors: in byline order; confidence: the extractor's confidence that the paper proposes it
// order: year (unknown years last), confidence DESC, paper id
MATCH (e:Method|Dataset|Benchmark|Task {id: $entity})
WHERE $type = '' OR $type IN labels(e)
MATCH (e)<-[r:PROPOSES]-(p:Paper)
RETURN e.name AS entity,
       [l IN labels(e) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS type,
       p.name AS paper,
       COLLECT { MATCH (au:Author)-[w:AUTHORED]->(p) RETURN au.name ORDER BY w.position, au.id } AS authors,
       p.year AS year, round(r.confidence, 3) AS confidence, p.id AS paper_id
ORDER BY coalesce(p.year, 100000), confidence DESC, p.id, type
LIMIT $limit
