// top-collaborations: The co-author pairs with the most joint papers.
//
// params:
//   min_papers: int = 2 -- only pairs with at least this many joint papers
//   limit: int = 25 -- at most this many rows
// columns: author_a, author_b, papers, weight
//   author_a has the lower id of the pair; weight is rounded to 3 decimals
// order: papers DESC, weight DESC, author_a id, author_b id
MATCH (a:Author)-[r:COAUTHOR]->(b:Author)
WHERE r.papers >= $min_papers
WITH a, b, r.papers AS papers, round(r.weight, 3) AS weight
RETURN a.name AS author_a, b.name AS author_b, papers, weight
ORDER BY papers DESC, weight DESC, a.id, b.id
LIMIT $limit
