// papers-using: Papers that propose, evaluate on, use or address a method, dataset, benchmark
// or task.
//
// params:
//   entity: entity, required -- the entity, any spelling or alias
//   type: entity-type = "" -- method, dataset, benchmark or task; empty: every type
//   limit: int = 50 -- at most this many rows
// columns: paper, role, type, track, year, paper_id
//   role: proposes | evaluated on | uses | addresses; type: the entity's label
// order: role (in that order), year DESC (unknown years last), paper id
MATCH (e:Method|Dataset|Benchmark|Task {id: $entity})
WHERE $type = '' OR $type IN labels(e)
MATCH (e)<-[r:PROPOSES|EVALUATED_ON|USES|ADDRESSES]-(p:Paper)
WITH e, r, p,
     CASE type(r) WHEN 'PROPOSES' THEN 0 WHEN 'EVALUATED_ON' THEN 1 WHEN 'USES' THEN 2 ELSE 3 END AS rank
RETURN p.name AS paper, toLower(replace(type(r), '_', ' ')) AS role,
       [l IN labels(e) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS type,
       p.track AS track, p.year AS year, p.id AS paper_id
ORDER BY rank, coalesce(p.year, 0) DESC, p.id, type
LIMIT $limit
