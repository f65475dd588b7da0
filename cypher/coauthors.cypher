// coauthors: Co-authors of an author, with the number of papers they wrote together.
//
// params:
//   name: author, required -- the author, any spelling ("KE LIANG"); kg passes the Author id
//   limit: int = 25 -- at most this many rows
// columns: coauthor, papers, weight
//   papers: joint papers; weight: Newman's collaboration weight, sum of 1/(authors - 1) per
//   joint paper, rounded to 3 decimals
// order: papers DESC, weight DESC, co-author id
MATCH (a:Author {id: $name})-[r:COAUTHOR]-(c:Author)
WITH c, r.papers AS papers, round(r.weight, 3) AS weight
RETURN c.name AS coauthor, papers, weight
ORDER BY papers DESC, weight DESC, c.id
LIMIT $limit
