// top-institutions: The institutions with the most papers on a method, dataset, benchmark or
// task, or in a track (or overall), by the affiliations printed on those papers.
//
// params:
//   entity: entity = "" -- a method, dataset, benchmark or task; empty: any paper
//   type: entity-type = "" -- method, dataset, benchmark or task; empty: every type
//   track: track = "" -- only papers of this track; empty: every track
//   limit: int = 10 -- at most this many rows
// columns: institution, country, papers, authors
//   papers: the matching papers with an author affiliated with the institution on that paper;
//   authors: those papers' authors who gave that affiliation
// order: papers DESC, authors DESC, institution id
MATCH (p:Paper)<-[r:AUTHORED]-(a:Author)
WHERE ($track = '' OR EXISTS { (p)-[:IN_TRACK]->(:Track {id: $track}) })
  AND ($entity = '' OR EXISTS {
    MATCH (p)-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(e:Method|Dataset|Benchmark|Task {id: $entity})
    WHERE $type = '' OR $type IN labels(e)
  })
UNWIND r.institutions AS iid
MATCH (i:Institution {id: iid})
WITH i, count(DISTINCT p) AS papers, count(DISTINCT a) AS authors
RETURN i.name AS institution, i.country AS country, papers, authors
ORDER BY papers DESC, authors DESC, i.id
LIMIT $limit
