// experts: Authors ranked by how much of their work involves a method, dataset, benchmark or task.
//
// params:
//   entity: entity, required -- a method, dataset, benchmark or task, any spelling or alias
//   type: entity-type = "" -- method, dataset, benchmark or task; empty: every type
//   limit: int = 25 -- at most this many rows
// columns: author, score, papers, proposed
//   papers: the author's papers relating to the entity in any role; proposed: those that
//   propose it; score = papers + 2 * proposed (proposing it counts three times as much as using it)
// order: score DESC, papers DESC, author id
MATCH (e:Method|Dataset|Benchmark|Task {id: $entity})
WHERE $type = '' OR $type IN labels(e)
MATCH (e)<-[r:PROPOSES|EVALUATED_ON|USES|ADDRESSES]-(p:Paper)<-[:AUTHORED]-(a:Author)
WITH a, count(DISTINCT p) AS papers,
     count(DISTINCT CASE WHEN type(r) = 'PROPOSES' THEN p END) AS proposed
RETURN a.name AS author, papers + 2 * proposed AS score, papers, proposed
ORDER BY score DESC, papers DESC, a.id
LIMIT $limit
