// recommend-collaborators: Authors someone has not written with yet, ranked by the co-authors
// and the concepts they share (Adamic-Adar on both).
//
// params:
//   name: author, required -- the author to find collaborators for, any spelling
//   concept_weight: float = 0.5 -- weight of shared concepts against shared co-authors
//   limit: int = 20 -- at most this many rows
// columns: author, score, shared_coauthors, shared_concepts
//   score = sum over shared co-authors z of 1/ln(co-authors of z)
//         + concept_weight * sum over shared concepts e of 1/ln(authors whose papers mention e),
//   rounded to 4 decimals. A concept is any method, dataset, benchmark or task node
//   linked to one of the author's papers.
// order: score DESC, shared_coauthors DESC, author id
MATCH (a:Author {id: $name})
OPTIONAL MATCH (a)-[:COAUTHOR]-(known:Author)
WITH a, collect(known) AS known
CALL (a, known) {
  MATCH (a)-[:COAUTHOR]-(z:Author)-[:COAUTHOR]-(c:Author)
  WHERE c <> a AND NOT c IN known
  WITH c, z, COUNT { (z)-[:COAUTHOR]-(:Author) } AS degree
  RETURN c, count(z) AS shared_coauthors, sum(1.0 / log(degree)) AS by_coauthors,
         0 AS shared_concepts, 0.0 AS by_concepts
  UNION ALL
  MATCH (a)-[:AUTHORED]->(:Paper)-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(e)
  WITH DISTINCT a, known, e
  MATCH (e)<-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]-(:Paper)<-[:AUTHORED]-(c:Author)
  WITH a, known, e, collect(DISTINCT c) AS users
  WITH a, known, e, users, size(users) AS degree
  UNWIND users AS c
  WITH c, e, degree WHERE c <> a AND NOT c IN known
  RETURN c, 0 AS shared_coauthors, 0.0 AS by_coauthors,
         count(e) AS shared_concepts, sum(1.0 / log(degree)) AS by_concepts
}
WITH c, sum(shared_coauthors) AS shared_coauthors, sum(shared_concepts) AS shared_concepts,
     round(sum(by_coauthors) + $concept_weight * sum(by_concepts), 4) AS score
RETURN c.name AS author, score, shared_coauthors, shared_concepts
ORDER BY score DESC, shared_coauthors DESC, c.id
LIMIT $limit
