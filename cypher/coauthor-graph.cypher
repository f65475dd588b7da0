// coauthor-graph: The weighted co-author graph as an edge list, one row per pair of co-authors.
// It is also what kg reads from Neo4j to run communities and central-authors by betweenness.
//
// params:
//   limit: int = 1000000 -- at most this many rows
// columns: source, source_name, target, target_name, papers, weight
//   source and target are Author ids (source < target); weight rounded to 6 decimals
// order: source, target
MATCH (a:Author)-[r:COAUTHOR]->(b:Author)
RETURN a.id AS source, a.name AS source_name, b.id AS target, b.name AS target_name,
       r.papers AS papers, round(r.weight, 6) AS weight
ORDER BY source, target
LIMIT $limit
