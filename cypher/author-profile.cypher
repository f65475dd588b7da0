// author-profile: What an author works on: papers, tracks, and the methods, datasets,
// benchmarks and tasks of their papers, by how their papers relate to them.
//
// params:
//   name: author, required -- the author, any spelling; kg passes the Author id
//   per_facet: int = 10 -- at most this many rows per facet
// columns: facet, type, name, papers
//   facet: paper | track | proposes | evaluated on | uses | addresses (in this order);
//   type: the node label; papers: the author's papers in that track / relating so to the entity
//   (1 for paper rows)
// order: facet, papers DESC, then paper name (paper rows) or id; then id and label
MATCH (a:Author {id: $name})
CALL (a) {
  MATCH (a)-[:AUTHORED]->(p:Paper)
  WITH p ORDER BY p.name, p.id LIMIT $per_facet
  RETURN 0 AS rank, 'paper' AS facet, 'Paper' AS type, p.name AS name, 1 AS papers,
         p.name AS sort, p.id AS id
  UNION ALL
  MATCH (a)-[:AUTHORED]->(:Paper)-[:IN_TRACK]->(t:Track)
  WITH t, count(*) AS papers ORDER BY papers DESC, t.id LIMIT $per_facet
  RETURN 1 AS rank, 'track' AS facet, 'Track' AS type, t.name AS name, papers,
         t.id AS sort, t.id AS id
  UNION ALL
  MATCH (a)-[:AUTHORED]->(:Paper)-[r:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(e)
  WITH type(r) AS rel, e, [l IN labels(e) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS type,
       count(*) AS papers
  ORDER BY papers DESC, e.id, type
  WITH rel, collect({type: type, name: e.name, papers: papers, id: e.id})[..$per_facet] AS top
  UNWIND top AS row
  RETURN CASE rel WHEN 'PROPOSES' THEN 2 WHEN 'EVALUATED_ON' THEN 3 WHEN 'USES' THEN 4 ELSE 5 END AS rank,
         toLower(replace(rel, '_', ' ')) AS facet, row.type AS type, row.name AS name,
         row.papers AS papers, row.id AS sort, row.type AS id
}
RETURN facet, type, name, papers
ORDER BY rank, papers DESC, sort, id
