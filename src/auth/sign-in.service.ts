import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DECOY_HASH, verifyPassword } from '../database/password-hash.js';
import { loginIs } from '../database/user-keys.js';
import { CallLimits } from './call-limits.js';
import { whereOf } from './visibility.js';

interface SignInRow {
  id: number;
  password: string | null;
  is_active: number | boolean;
}

/**
 * A person signing in with a GLPI login and password (the OAuth login page). Failed tries are
 * counted per account and per address before the password is even checked; an unknown login costs
 * the same hash work as a wrong password, and both get the same answer.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limits: CallLimits,
  ) {}

  /** The user's id, or undefined for a wrong login or password; throws RATE_LIMITED past the limits. */
  async check(login: string, password: string, address: string): Promise<number | undefined> {
    const name = login.trim().slice(0, 255);
    await this.limits.admitSignIn(name, address);
    const row = name
      ? await whereOf(
          this.dataSource
            .createQueryBuilder()
            .select(['u.id AS id', 'u.password AS password', 'u.is_active AS is_active'])
            .from('glpi_users', 'u')
            .where('u.is_deleted = 0'),
          loginIs(this.dataSource, 'u', name),
        ).getRawOne<SignInRow>()
      : undefined;
    const matches = await verifyPassword(password.slice(0, 1024), row?.password ?? DECOY_HASH);
    if (row && matches && Number(row.is_active)) return Number(row.id);
    await this.limits.countFailedSignIn(name, address);
    return undefined;
  }

  /** Whether the user can act now (exists, not deleted, active). */
  async isActive(userId: number): Promise<boolean> {
    const row = await this.dataSource
      .createQueryBuilder()
      .select('u.is_active', 'is_active')
      .from('glpi_users', 'u')
      .where('u.id = :id AND u.is_deleted = 0', { id: userId })
      .getRawOne<{ is_active: number | boolean }>();
    return !!row && !!Number(row.is_active);
  }
}
