// concept-cooccurrence: Methods, datasets, benchmarks and tasks that appear in the same
// papers: the pairs with most joint papers, or the partners of one entity.
//
// params:
//   entity: entity = "" -- only pairs with this entity (any spelling or alias); empty: all pairs
//   type: entity-type = "" -- the entity's type, when its name has several; empty: every type
//   min_papers: int = 2 -- only pairs sharing at least this many papers
//   limit: int = 25 -- at most this many rows
// columns: entity_a, type_a, entity_b, type_b, papers
//   with an entity, it is entity_a; else entity_a is the one with the smaller "Label:id" key
// order: papers DESC, entity_a key, entity_b key
MATCH (e1:Method|Dataset|Benchmark|Task)<-[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]-(p:Paper)
      -[:PROPOSES|EVALUATED_ON|USES|ADDRESSES]->(e2:Method|Dataset|Benchmark|Task)
WITH e1, e2, p,
     [l IN labels(e1) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS type_a,
     [l IN labels(e2) WHERE l IN ['Method', 'Dataset', 'Benchmark', 'Task']][0] AS type_b
WITH e1, e2, p, type_a, type_b, type_a + ':' + e1.id AS key_a, type_b + ':' + e2.id AS key_b
WHERE CASE WHEN $entity = '' THEN key_a < key_b
           ELSE e1.id = $entity AND ($type = '' OR type_a = $type) END
WITH e1, e2, type_a, type_b, key_a, key_b, count(DISTINCT p) AS papers
WHERE papers >= $min_papers
RETURN e1.name AS entity_a, type_a, e2.name AS entity_b, type_b, papers
ORDER BY papers DESC, key_a, key_b
LIMIT $limit
