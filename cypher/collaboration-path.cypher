// collaboration-path: The shortest chain of co-authors linking two authors.
//
// params:
//   source: author, required -- where the chain starts
//   target: author, required -- where it ends (a different author)
//   max_hops: int = 10 -- the longest chain looked for, in co-author links
// columns: step, author, papers
//   one row per author on the chain; papers: joint papers with the previous author (null at 0)
// order: step. Of several shortest chains, the one whose list of author ids is smallest.
MATCH (a:Author {id: $source})
MATCH (b:Author {id: $target})
MATCH p = allShortestPaths((a)-[:COAUTHOR*]-(b))
WHERE length(p) <= $max_hops
WITH p ORDER BY [n IN nodes(p) | n.id] LIMIT 1
WITH nodes(p) AS chain, relationships(p) AS links
UNWIND range(0, size(chain) - 1) AS step
RETURN step, chain[step].name AS author,
       CASE WHEN step = 0 THEN null ELSE links[step - 1].papers END AS papers
ORDER BY step
