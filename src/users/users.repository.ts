import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EntityScope } from '../auth/principal.js';
import { inScope, visibleUsers, whereOf } from '../auth/visibility.js';
import { likeOf } from '../database/caller-like.js';
import type { DbDate, DbFlag } from '../database/db-dates.js';
import { keyEquals } from '../database/key-equality.js';
import { userKeys } from '../database/user-keys.js';
import { idProbe } from '../input/references/id-in-words.js';
import { isNotRecord, leftOut } from '../search/no-record.js';
import { likePattern, type Qb, type SearchPlan } from '../search/search-runner.js';
import { matchKey } from '../text/normalize.js';
import type { SearchUsersDto } from './dto/search-users.dto.js';

/** A row of glpi_users as callers may see it (its lookup keys and soft-delete flag stay inside). */
export type UserRow = {
  id: number;
  name: string;
  realname: string | null;
  firstname: string | null;
  email: string | null;
  phone: string | null;
  timezone: string | null;
  language: string | null;
  is_active: DbFlag;
  entities_id: number | null;
  profiles_id: number | null;
  date_creation: DbDate | null;
  date_mod: DbDate | null;
};

export interface GroupRef {
  id: number;
  name: string;
}

/** Only the visible columns: keys and the soft-delete flag stay inside. */
const COLUMNS = [
  'id',
  'name',
  'realname',
  'firstname',
  'email',
  'phone',
  'timezone',
  'language',
  'is_active',
  'entities_id',
  'profiles_id',
  'date_creation',
  'date_mod',
];

/** The profile the last active holder of which may not be demoted or deactivated. */
export const SUPER_ADMIN_PROFILE = 'Super-Admin';

const SUPER_ADMINS = `SELECT COUNT(DISTINCT u.id) AS n FROM glpi_users u
  JOIN glpi_profiles_users pu ON pu.users_id = u.id
  JOIN glpi_profiles p ON p.id = pu.profiles_id
  WHERE p.name_key = ? AND u.is_active = 1 AND u.is_deleted = 0`;

/** Reads of glpi_users and its assignment tables; every read starts from `base`. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager): DataSource | EntityManager {
    return manager ?? this.dataSource;
  }

  /** Not deleted users with an assignment in one of the caller's visible entities. */
  base(scope: EntityScope | undefined): Qb {
    return whereOf(
      this.db()
        .createQueryBuilder()
        .select(COLUMNS.map((c) => `t.${c} AS ${c}`))
        .from('glpi_users', 't') as Qb,
      visibleUsers('t', scope),
    );
  }

  async findVisible(id: number, scope: EntityScope | undefined, manager?: EntityManager): Promise<UserRow | undefined> {
    // Plain SQL: its text does not change with the id, so the prepared statement is reused.
    const visible = visibleUsers('t', scope);
    const columns = COLUMNS.map((c) => `t.${c} AS ${c}`).join(', ');
    const rows = (await this.db(manager).query(`SELECT ${columns} FROM glpi_users t WHERE t.id = ? AND ${visible.sql}`, [id, ...visible.params])) as UserRow[];
    return rows[0];
  }

  /**
   * Id of a user other than `except` whose login (or email) equals `value` but for case, accents or
   * look-alike characters; deleted users keep theirs. Two index probes (match key, look-alike key).
   */
  async lookAlikeOwner(column: 'name' | 'email', value: string, except: number | undefined, manager?: EntityManager): Promise<number | undefined> {
    const keys = userKeys({ [column]: value });
    const key = column === 'name' ? keys.name_key : keys.email_key;
    const look = column === 'name' ? keys.name_lookalike : keys.email_lookalike;
    const qb = this.db(manager)
      .createQueryBuilder()
      .select('u.id', 'id')
      .from('glpi_users', 'u')
      .where(`(u.${column}_key = :key OR u.${column}_lookalike = :look)`, { key, look });
    if (except !== undefined) qb.andWhere('u.id <> :except', { except });
    const row = await qb.limit(1).getRawOne<{ id: number }>();
    return row ? Number(row.id) : undefined;
  }

  /** True when the user is active and holds the Super-Admin profile on some assignment. */
  async isActiveSuperAdmin(userId: number, manager: EntityManager): Promise<boolean> {
    const rows = (await manager.query(`${SUPER_ADMINS} AND u.id = ?`, [matchKey(SUPER_ADMIN_PROFILE), userId])) as Array<{ n: number | string }>;
    return Number(rows[0]?.n) > 0;
  }

  /**
   * Active users holding the Super-Admin profile, as a locking read on MySQL/MariaDB: it sees the
   * latest committed rows (not the transaction's snapshot) and locks them, so two transactions
   * demoting the last two Super-Admins cannot both see the other one still there. (SQLite runs one
   * write at a time.)
   */
  async activeSuperAdmins(manager: EntityManager): Promise<number> {
    const lock = this.dataSource.options.type === 'better-sqlite3' ? '' : ' FOR UPDATE';
    const rows = (await manager.query(`${SUPER_ADMINS}${lock}`, [matchKey(SUPER_ADMIN_PROFILE)])) as Array<{ n: number | string }>;
    return Number(rows[0]?.n);
  }

  async profileIdByName(name: string, manager?: EntityManager): Promise<number | undefined> {
    const qb = this.db(manager).createQueryBuilder().select('p.id', 'id').from('glpi_profiles', 'p');
    const row = await whereOf(qb, keyEquals(this.dataSource, 'p.name_key', matchKey(name)))
      .limit(1)
      .getRawOne<{ id: number }>();
    return row ? Number(row.id) : undefined;
  }

  async profileRights(profileId: number, manager?: EntityManager): Promise<{ name: string; rights: string | null } | undefined> {
    return this.db(manager)
      .createQueryBuilder()
      .select(['p.name AS name', 'p.rights AS rights'])
      .from('glpi_profiles', 'p')
      .where('p.id = :id', { id: profileId })
      .getRawOne<{ name: string; rights: string | null }>();
  }

  /** The assignment row of (user, profile, entity), if any. */
  async assignmentId(userId: number, profileId: number, entityId: number, manager?: EntityManager): Promise<number | undefined> {
    const row = await this.db(manager)
      .createQueryBuilder()
      .select('pu.id', 'id')
      .from('glpi_profiles_users', 'pu')
      .where('pu.users_id = :userId AND pu.profiles_id = :profileId AND pu.entities_id = :entityId', { userId, profileId, entityId })
      .orderBy('pu.id', 'ASC')
      .limit(1)
      .getRawOne<{ id: number }>();
    return row ? Number(row.id) : undefined;
  }

  async isMember(userId: number, groupId: number, manager?: EntityManager): Promise<boolean> {
    const row = await this.db(manager)
      .createQueryBuilder()
      .select('gu.id', 'id')
      .from('glpi_groups_users', 'gu')
      .where('gu.users_id = :userId AND gu.groups_id = :groupId', { userId, groupId })
      .limit(1)
      .getRawOne<{ id: number }>();
    return row !== undefined;
  }

  /** Groups of many users in one query, limited to groups the caller may see, by name. */
  async groupsOf(userIds: number[], scope: EntityScope | undefined, manager?: EntityManager): Promise<Map<number, GroupRef[]>> {
    const out = new Map<number, GroupRef[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return out;
    const qb = this.db(manager)
      .createQueryBuilder()
      .select(['gu.users_id AS users_id', 'g.id AS id', 'g.name AS name'])
      .from('glpi_groups_users', 'gu')
      .innerJoin('glpi_groups', 'g', 'g.id = gu.groups_id')
      .where('gu.users_id IN (:...userIds)', { userIds });
    whereOf(qb, inScope('g', 'entity-recursive', scope));
    const rows = await qb.orderBy('g.name', 'ASC').addOrderBy('g.id', 'ASC').getRawMany<{ users_id: number; id: number; name: string }>();
    for (const row of rows) out.get(Number(row.users_id))?.push({ id: Number(row.id), name: String(row.name) });
    return out;
  }

  searchPlan(scope: EntityScope | undefined, input: SearchUsersDto): SearchPlan {
    return {
      base: () => {
        const qb = this.base(scope);
        // Deactivated users are noise in most searches; is_active=false asks for them.
        if (input.is_active === undefined) qb.andWhere('t.is_active = 1');
        return qb;
      },
      equals: { is_active: 'is_active' },
      custom: {
        name: (qb, value) => whereOf(qb, keyEquals(this.dataSource, 't.name_key', matchKey(String(value)))),
        email: (qb, value) => whereOf(qb, keyEquals(this.dataSource, 't.email_key', matchKey(String(value)))),
        // Profile and entity given together must hold on the same assignment.
        profiles_id: (qb, value) => assignmentFilter(qb, value, input.entities_id),
        entities_id: (qb, value) => {
          if (input.profiles_id === undefined) assignmentFilter(qb, undefined, value);
        },
        groups_id: (qb, value) => {
          const member = (test: string) => `EXISTS (SELECT 1 FROM glpi_groups_users fg WHERE fg.users_id = t.id AND ${test})`;
          const [test, params] = idTest('fg.groups_id', 'f_group', value);
          qb.andWhere(isNotRecord(value) ? `NOT ${member(test)}` : member(test), params);
          if (isNotRecord(value) && value.in) qb.andWhere(member('fg.groups_id IN (:...f_group_in)'), { f_group_in: value.in });
        },
      },
      ranges: ['date_mod'],
      text: (qb, _raw, key) => {
        const q_key = likePattern(key);
        const like = (column: string) => likeOf(qb.dataSource, `t.${column}`, 'q_key', q_key, '!');
        return qb.andWhere(`(${like('name_key')} OR ${like('fullname_key')} OR ${like('email_key')})`, { q_key });
      },
      sorts: {
        name: { column: 'name' },
        date_mod: { column: 'date_mod', date: true },
        id: { column: 'id' },
      },
      defaultSort: 'name',
      byId: idProbe('user', 'user_get'),
    };
  }
}

/**
 * A user's assignments (a profile on an entity) that the profile and entity filters ask for: what
 * the filters name holds on one assignment; a record after "not" (NotRecord) is one the user has no
 * assignment with, on the entity or with the profile the other filter names ("not Technician" beside
 * "Sede": assigned on Sede, nowhere there as a Technician).
 */
function assignmentFilter(qb: Qb, profileId: unknown, entityId: unknown): void {
  const named: Array<{ column: string; test: string }> = [];
  const leftOutTests: Array<{ column: string; test: string }> = [];
  const params: Record<string, unknown> = {};
  for (const [column, param, value] of [
    ['fa.profiles_id', 'f_profile', profileId],
    ['fa.entities_id', 'f_entity', entityId],
  ] as const) {
    if (value === undefined) continue;
    const [test, own] = idTest(column, param, value);
    Object.assign(params, own);
    if (!isNotRecord(value)) named.push({ column, test });
    else {
      leftOutTests.push({ column, test });
      // Beside those left out, the records the list named ("Technician, not Admin").
      if (value.in) {
        named.push({ column, test: `${column} IN (:...${param}_in)` });
        params[`${param}_in`] = value.in;
      }
    }
  }
  const assigned = (tests: readonly string[]) => `EXISTS (SELECT 1 FROM glpi_profiles_users fa WHERE ${['fa.users_id = t.id', ...tests].join(' AND ')})`;
  if (named.length > 0) qb.andWhere(assigned(named.map((n) => n.test)), params);
  for (const { column, test } of leftOutTests) {
    const where = named.filter((n) => n.column !== column).map((n) => n.test);
    qb.andWhere(`NOT ${assigned([...where, test])}`, params);
  }
}

/**
 * The test of `column` against a filter's value, with its parameters: one id, any of several (a list:
 * FieldSpec.several), or those a NotRecord leaves out (the caller writes the NOT EXISTS).
 */
function idTest(column: string, param: string, value: unknown): [string, Record<string, unknown>] {
  if (isNotRecord(value)) return [`${column} IN (:...${param})`, { [param]: leftOut(value) }];
  return [`${column} ${oneOrAny(param, value)}`, { [param]: value }];
}

function oneOrAny(param: string, value: unknown): string {
  return Array.isArray(value) ? `IN (:...${param})` : `= :${param}`;
}
