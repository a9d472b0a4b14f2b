import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal.js';
import { parseRights } from '../auth/principal.loader.js';
import { rightsBeyond } from '../auth/rights.js';
import { GroupUser, ProfileUser } from '../database/entities/index.js';
import { UsersRepository } from './users.repository.js';

export interface Placement {
  profileId: number;
  entityId: number;
}

/** Writes of a user's profile assignments and group memberships; run inside a write unit. */
@Injectable()
export class UserAssignments {
  constructor(private readonly queries: UsersRepository) {}

  /**
   * Why `caller` may not give the profile (it carries rights the caller's own profiles lack);
   * undefined when they may. The caller answers it, with whatever else the call got wrong.
   */
  async grantRefusal(caller: Principal, profileId: number, manager: EntityManager): Promise<string | undefined> {
    const profile = await this.queries.profileRights(profileId, manager);
    const extra = profile ? rightsBeyond(caller.rights, parseRights(profile.rights)) : [];
    if (!extra.length) return undefined;
    return `You cannot give the profile '${profile!.name}': it has rights your own profiles lack (${extra.join(', ')}). Choose a profile with the same or fewer rights.`;
  }

  async add(manager: EntityManager, userId: number, to: Placement, now: Date): Promise<void> {
    await manager.insert(ProfileUser, {
      users_id: userId,
      profiles_id: to.profileId,
      entities_id: to.entityId,
      is_recursive: false,
      date_creation: now,
      date_mod: now,
    });
  }

  /**
   * Moves the default assignment (the row matching the previous default) to the new profile and
   * entity. If the user already holds the new pair, the old default row goes, so that no
   * duplicate is left; if the old default row is missing, the new pair is added.
   */
  async moveDefault(manager: EntityManager, userId: number, from: Placement | undefined, to: Placement, now: Date): Promise<void> {
    if (from && from.profileId === to.profileId && from.entityId === to.entityId) return;
    const existing = await this.queries.assignmentId(userId, to.profileId, to.entityId, manager);
    const previous = from ? await this.queries.assignmentId(userId, from.profileId, from.entityId, manager) : undefined;
    if (previous !== undefined && existing !== undefined) await manager.delete(ProfileUser, { id: previous });
    else if (previous !== undefined)
      await manager.update(ProfileUser, { id: previous }, { profiles_id: to.profileId, entities_id: to.entityId, date_mod: now });
    else if (existing === undefined) await this.add(manager, userId, to, now);
  }

  /** Adds the membership unless it exists (a user created in this unit has none to look for); true when a row was written. */
  async join(manager: EntityManager, userId: number, groupId: number, now: Date, isNewUser = false): Promise<boolean> {
    if (!isNewUser && (await this.queries.isMember(userId, groupId, manager))) return false;
    await manager.insert(GroupUser, { users_id: userId, groups_id: groupId, date_creation: now, date_mod: now });
    return true;
  }
}
