import type { DataSource, SelectQueryBuilder } from 'typeorm';

type Builder = SelectQueryBuilder<Record<string, unknown>>;

/**
 * SQL texts a builder renders (`getQuery`: `:name` placeholders, values not yet bound), per data
 * source and per shape of builder. A search builds the same few shapes call after call, and TypeORM
 * renders each from scratch (select, where and order expressions, then a pass that quotes every
 * alias.column): more work than a short page's read. The values are bound on every call, as
 * `getQueryAndParameters` binds them (numbers inlined on SQLite, lists expanded), so only the text
 * before binding is kept.
 */
const texts = new WeakMap<DataSource, Map<string, string>>();
/** Shapes kept per data source; past it the cache starts over (the shapes in use come back at once). */
const MAX_SHAPES = 500;

/** `qb`'s SQL and bound parameters, as `qb.getQueryAndParameters()` answers them. */
export function queryAndParameters(qb: Builder): [string, unknown[]] {
  return qb.dataSource.driver.escapeQueryWithParameters(
    templateOf(qb, '', () => qb.getQuery()),
    qb.getParameters(),
  );
}

/**
 * The SQL and parameters of `SELECT COUNT(*) AS n` over `qb`'s rows, stopping after `cap` of them:
 * the text renders from a clone (order dropped, the cap as limit) once per shape, and later calls bind
 * `qb`'s own parameters (the clone's are the same) without cloning.
 */
export function cappedCountQuery(qb: Builder, cap: number): [string, unknown[]] {
  const template = templateOf(qb, `count ${String(cap)}`, () => {
    const rows = qb
      .clone()
      .select('1', 'one')
      .orderBy()
      .limit(cap + 1)
      .getQuery();
    return `SELECT COUNT(*) AS n FROM (${rows}) capped`;
  });
  return qb.dataSource.driver.escapeQueryWithParameters(template, qb.getParameters());
}

function templateOf(qb: Builder, variant: string, render: () => string): string {
  const shape = shapeOf(qb);
  if (shape === undefined) return render();
  let cache = texts.get(qb.dataSource);
  if (!cache) texts.set(qb.dataSource, (cache = new Map<string, string>()));
  const key = `${variant}\u0001${shape}`;
  let text = cache.get(key);
  if (text === undefined) {
    text = render();
    if (cache.size >= MAX_SHAPES) cache.clear();
    cache.set(key, text);
  }
  return text;
}

/**
 * What `getQuery` reads of a plain builder (one table, string conditions), as one string; undefined
 * for any other builder (joins, subquery builders as conditions, CTEs, grouping, locks, offsets),
 * which renders as before. Every part of the expression map the rendering reads is
 * either in the key or required absent here.
 */
function shapeOf(qb: Builder): string | undefined {
  const map = qb.expressionMap;
  const main = map.mainAlias;
  if (
    map.queryType !== 'select' ||
    !main ||
    main.subQuery ||
    map.aliases.length !== 1 ||
    map.aliases[0] !== main ||
    map.joinAttributes.length > 0 ||
    map.commonTableExpressions.length > 0 ||
    map.groupBys.length > 0 ||
    map.havings.length > 0 ||
    map.comment ||
    map.useIndex ||
    map.selectDistinct ||
    map.selectDistinctOn.length > 0 ||
    map.maxExecutionTime ||
    map.timeTravel ||
    map.lockMode ||
    map.lockTables ||
    map.onLocked ||
    map.offset !== undefined ||
    map.skip !== undefined ||
    map.take !== undefined ||
    map.extraAppendedAndWhereCondition
  ) {
    return undefined;
  }
  // A table that is an entity's renders through its metadata (column names, soft delete), fixed once the data source is built.
  const table = main.hasMetadata ? `entity ${main.metadata.targetName} ${main.metadata.tablePath}` : `table ${String(main.tablePath)}`;
  let key = `${main.name}\u0001${table}\u0001${String(map.subQuery)}\u0001${String(map.withDeleted)}\u0001${String(map.aliasNamePrefixingEnabled)}\u0001${String(map.disableEscaping)}\u0001${String(map.limit)}\u0002`;
  for (const select of map.selects) key += `${select.selection}\u0001${String(select.aliasName)}\u0001`;
  key += '\u0002';
  for (const where of map.wheres) {
    if (typeof where.condition !== 'string') return undefined;
    key += `${where.type}\u0001${where.condition}\u0001`;
  }
  key += '\u0002';
  for (const [column, order] of Object.entries(map.orderBys)) {
    key += `${column}\u0001${typeof order === 'string' ? order : `${order.order} ${String(order.nulls)}`}\u0001`;
  }
  return key;
}
