// methods-by-track: The methods most papers of each track propose, evaluate, use or address.
//
// params:
//   track: track = "" -- one track ("Deep Learning · Theory", any spelling); empty: every track
//   per_track: int = 5 -- at most this many methods per track
// columns: track, method, papers
// order: track id, papers DESC, method id
MATCH (t:Track)<-[:IN_TRACK]-(p:Paper)-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(m:Method)
WHERE $track = '' OR t.id = $track
WITH t, m, count(DISTINCT p) AS papers
ORDER BY papers DESC, m.id
WITH t, collect({name: m.name, papers: papers, id: m.id})[..$per_track] AS top
UNWIND top AS row
RETURN t.name AS track, row.name AS method, row.papers AS papers
ORDER BY t.id, papers DESC, row.id
