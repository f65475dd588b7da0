// track-overview: A track at a glance: its paper count, top authors and top methods, datasets,
// benchmarks and tasks.
//
// params:
//   track: track, required -- the track ("Deep Learning · Theory", any spelling)
//   limit: int = 5 -- at most this many rows per kind
// columns: kind, name, papers
//   kind: papers (one row: the track itself) | author | method | dataset | benchmark | task;
//   papers: the track's papers by that author / relating to that entity
// order: kind (in that order), papers DESC, id
MATCH (t:Track {id: $track})
CALL (t) {
  RETURN 0 AS rank, 'papers' AS kind, t.name AS name, COUNT { (t)<-[:IN_TRACK]-(:Paper) } AS papers,
         t.id AS id
  UNION ALL
  MATCH (t)<-[:IN_TRACK]-(:Paper)<-[:AUTHORED]-(a:Author)
  WITH a, count(*) AS papers ORDER BY papers DESC, a.id LIMIT $limit
  RETURN 1 AS rank, 'author' AS kind, a.name AS name, papers, a.id AS id
  UNION ALL
  MATCH (t)<-[:IN_TRACK]-(p:Paper)-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(e:Method|Dataset|Benchmark|Task)
  WITH [l IN labels(e) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS label, e,
       count(DISTINCT p) AS papers
  ORDER BY papers DESC, e.id
  WITH label, collect({name: e.name, papers: papers, id: e.id})[..$limit] AS top
  UNWIND top AS row
  RETURN CASE label WHEN 'Method' THEN 2 WHEN 'Dataset' THEN 3 WHEN 'Benchmark' THEN 4 ELSE 5 END AS rank,
         toLower(label) AS kind, row.name AS name, row.papers AS papers, row.id AS id
}
RETURN kind, name, papers
ORDER BY rank, papers DESC, id
