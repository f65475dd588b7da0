// trends: Papers per year that mention a method, dataset, benchmark or task and their share of
// the year's papers; without an entity, the entities whose share rose most and fell most.
//
// engine: kg.trends -- the statement counts papers per year (rows with an empty label) and
//   papers per year per entity; kg ranks by the least-squares slope of the yearly share and
//   marks bursts (Kleinberg's two-state model, s = 2, gamma = 1) in Python, the same code on both
//   stores. Years are those with papers in the range; a year with none of the entity's papers
//   is a row with 0.
//
// params:
//   entity: entity = "" -- a method, dataset, benchmark or task; empty: the top rising and falling
//   type: entity-type = "" -- method, dataset, benchmark or task; empty: every type
//   from: int = 0 -- the first year (0: the earliest paper's)
//   to: int = 0 -- the last year (0: the latest paper's)
//   min_papers: int = 10 -- without an entity: rank only entities in at least this many papers
//   limit: int = 5 -- without an entity: this many rising and this many falling entities
// columns: entity, type, year, papers, share, burst, trend
//   papers: the year's papers that mention the entity; share: papers / all papers of that year
//   (4 decimals); burst: the year is in a burst (Kleinberg); trend: rising, falling or flat, the
//   sign of the slope of share over the years
// order: rising entities by slope DESC, then falling by slope ASC (ties: id); with an entity,
//   its types by label; then year
MATCH (p:Paper)
WHERE p.year IS NOT NULL AND ($from = 0 OR p.year >= $from) AND ($to = 0 OR p.year <= $to)
RETURN '' AS label, '' AS id, '' AS name, p.year AS year, count(p) AS papers
UNION ALL
MATCH (p:Paper)-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(e:Method|Dataset|Benchmark|Task)
WHERE p.year IS NOT NULL AND ($from = 0 OR p.year >= $from) AND ($to = 0 OR p.year <= $to)
  AND ($entity = '' OR e.id = $entity) AND ($type = '' OR $type IN labels(e))
WITH e, p.year AS year, count(DISTINCT p) AS papers
WITH e, collect({year: year, papers: papers}) AS years, sum(papers) AS total
WHERE $entity <> '' OR total >= $min_papers
UNWIND years AS y
RETURN [l IN labels(e) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS label,
       e.id AS id, e.name AS name, y.year AS year, y.papers AS papers
