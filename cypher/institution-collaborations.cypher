// institution-collaborations: Institutions whose people write papers together: pairs of
// institutions on the same papers, by the affiliations printed on them.
//
// params:
//   institution: institution = "" -- one institution (any spelling): its partners; empty: all pairs
//   min_papers: int = 2 -- only pairs with at least this many joint papers
//   limit: int = 25 -- at most this many rows
// columns: institution, partner, papers
//   papers: papers with authors affiliated with both; with an institution given, it is always
//   the first column
// order: papers DESC, institution id, partner id
MATCH (p:Paper)<-[r:AUTHORED]-(:Author)
UNWIND r.institutions AS iid
WITH p, collect(DISTINCT iid) AS here
UNWIND here AS a
UNWIND here AS b
WITH p, a, b
WHERE a <> b AND (($institution = '' AND a < b) OR a = $institution)
WITH a, b, count(p) AS papers
WHERE papers >= $min_papers
MATCH (ia:Institution {id: a})
MATCH (ib:Institution {id: b})
RETURN ia.name AS institution, ib.name AS partner, papers
ORDER BY papers DESC, a, b
LIMIT $limit
