// collaboration-path: The shortest chain of co-authors linking two authors (at most 10 hops).
//
// params:
//   source: author, required -- where the chain starts
//   target: author, required -- where it ends (a different author)
// columns: step, author, papers
//   one row per author on the chain; papers: joint papers with the previous author (null at 0)
// order: step. Of several shortest chains, the one whose list of author ids is smallest.
//   The longest chain looked for is the pattern's bound below (*..10), which Cypher cannot take
//   as a parameter: kg's embedded implementation reads it from here.
MATCH (a:Author {id: $source})
MATCH (b:Author {id: $target})
MATCH p = allShortestPaths((a)-[:COAUTHOR*..10]-(b))
WITH p ORDER BY [n IN nodes(p) | n.id] LIMIT 1
WITH nodes(p) AS chain, relationships(p) AS links
UNWIND range(0, size(chain) - 1) AS step
RETURN step, chain[step].name AS author,
       CASE WHEN step = 0 THEN null ELSE links[step - 1].papers END AS papers
ORDER BY step
