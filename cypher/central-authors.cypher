// central-authors: The most central authors of the co-author graph.
//
// params:
//   measure: str = "degree" {degree|weighted|betweenness} -- degree: number of co-authors;
//     weighted: sum of collaboration weights; betweenness: how many shortest co-author chains
//     pass through the author
//   samples: int = 100 -- betweenness only: source authors sampled (networkx k), for speed
//   seed: int = 42 -- betweenness only: the sampling seed
//   limit: int = 20 -- at most this many rows
// columns: author, coauthors, joint_papers, weighted_degree, score
//   coauthors: distinct co-authors; joint_papers: sum of joint papers over them;
//   weighted_degree: sum of collaboration weights (3 decimals); score: degree centrality
//   (coauthors / (authors - 1)), the weighted degree, or the normalized betweenness (4 decimals)
// order: score DESC, coauthors DESC, author id
//
// engine: this statement computes measure=degree and measure=weighted in plain Cypher on Neo4j
//   (kg's Python twin computes the same on the embedded store). measure=betweenness is not
//   expressible in plain Cypher: for it kg runs networkx.betweenness_centrality(G, k=samples,
//   seed=seed) on the co-author graph read with coauthor-graph.cypher, on both stores alike
//   (sampled, so an estimate; exact when samples >= the number of connected authors).
MATCH (everyone:Author)
WITH count(everyone) AS n
MATCH (a:Author)-[r:COAUTHOR]-(:Author)
WITH n, a, count(r) AS coauthors, sum(r.papers) AS joint_papers, sum(r.weight) AS weighted
WITH a, coauthors, joint_papers, round(weighted, 3) AS weighted_degree,
     CASE $measure
       WHEN 'weighted' THEN round(weighted, 3)
       ELSE round(toFloat(coauthors) / CASE WHEN n > 1 THEN n - 1 ELSE 1 END, 4)
     END AS score
RETURN a.name AS author, coauthors, joint_papers, weighted_degree, score
ORDER BY score DESC, coauthors DESC, a.id
LIMIT $limit
