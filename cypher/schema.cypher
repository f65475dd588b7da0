// kg's Neo4j schema. Applied by `kg build --backend neo4j` before any write (every statement is
// IF NOT EXISTS, so applying it again is a no-op). One statement per `;`.
//
// (Author)-[:AUTHORED {position, name, ids, institutions, countries, variants}]->(Paper)
// (Paper)-[:IN_TRACK]->(Track)-[:IN_AREA]->(Area)
// (Author)-[:AFFILIATED_WITH {year, years, papers}]->(Institution)
// (Paper)-[:PROPOSES|USES|EVALUATED_ON|ADDRESSES {confidence, evidence, start, end}]->
//     (Method|Dataset|Benchmark|Task)
// (Author)-[:COAUTHOR {papers, weight}]->(Author)   one per pair, lower id -> higher id

// Every write MERGEs on (label, id): the uniqueness constraints make that both correct under
// concurrency and fast (each constraint is backed by a range index on id).
CREATE CONSTRAINT paper_id IF NOT EXISTS FOR (n:Paper) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT author_id IF NOT EXISTS FOR (n:Author) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT institution_id IF NOT EXISTS FOR (n:Institution) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT track_id IF NOT EXISTS FOR (n:Track) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT area_id IF NOT EXISTS FOR (n:Area) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT method_id IF NOT EXISTS FOR (n:Method) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT dataset_id IF NOT EXISTS FOR (n:Dataset) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT benchmark_id IF NOT EXISTS FOR (n:Benchmark) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT task_id IF NOT EXISTS FOR (n:Task) REQUIRE n.id IS UNIQUE;
// kg's write lease (one node; kg.store.neo4j): the constraint makes taking it atomic.
CREATE CONSTRAINT kg_write_lock_id IF NOT EXISTS FOR (n:KgWriteLock) REQUIRE n.id IS UNIQUE;

// Lookups by the name a user types (`kg query author "Rémi Munos"`, entity pages).
CREATE INDEX author_name IF NOT EXISTS FOR (n:Author) ON (n.name);
CREATE INDEX institution_name IF NOT EXISTS FOR (n:Institution) ON (n.name);
CREATE INDEX track_name IF NOT EXISTS FOR (n:Track) ON (n.name);
CREATE INDEX method_name IF NOT EXISTS FOR (n:Method) ON (n.name);
CREATE INDEX dataset_name IF NOT EXISTS FOR (n:Dataset) ON (n.name);
CREATE INDEX benchmark_name IF NOT EXISTS FOR (n:Benchmark) ON (n.name);
CREATE INDEX task_name IF NOT EXISTS FOR (n:Task) ON (n.name);

// Free-text search over papers and entity names (db.index.fulltext.queryNodes).
CREATE FULLTEXT INDEX paper_text IF NOT EXISTS FOR (n:Paper) ON EACH [n.title, n.abstract];
CREATE FULLTEXT INDEX entity_name IF NOT EXISTS
FOR (n:Method|Dataset|Benchmark|Task) ON EACH [n.name];
