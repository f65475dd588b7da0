// communities: Co-author communities: groups of authors who write more with each other than
// with others (Louvain modularity on the co-author graph, edges weighted by joint papers).
//
// engine: networkx -- community detection is not expressible in plain Cypher, and kg does not
//   assume the Graph Data Science plugin. On both stores kg runs
//   networkx.community.louvain_communities(G, weight="papers", resolution, seed) on the same
//   co-author graph (nodes and edges added in id order), so both stores give the same partition.
//   On Neo4j the statement below is what kg sends: it reads that graph (as coauthor-graph does).
//   With GDS installed, gds.louvain.stream would give a partition of similar modularity but not
//   the same one (another implementation and random order).
//
// params:
//   name: author = "" -- only the community of this author; empty: every community
//   min_size: int = 3 -- only communities with at least this many authors
//   resolution: float = 1.0 -- Louvain resolution: above 1 favours smaller communities
//   seed: int = 42 -- Louvain's random seed (same seed, same graph: same communities)
//   show: int = 8 -- how many of each community's authors to list
//   limit: int = 20 -- at most this many rows
// columns: community, size, papers, authors
//   community: 1 for the largest; size: authors; papers: joint papers inside the community
//   (sum over its co-author pairs); authors: its best-connected members (most joint papers
//   inside it, then id), at most `show`
// order: size DESC, then the smallest author id in the community
MATCH (a:Author)-[r:COAUTHOR]->(b:Author)
RETURN a.id AS source, a.name AS source_name, b.id AS target, b.name AS target_name,
       r.papers AS papers, round(r.weight, 6) AS weight
ORDER BY source, target
