import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** One of a user's profile assignments (glpi_profiles_users): the profile, and the entity it is given on. */
export interface AssignedEntityRow {
  profiles_id: number;
  entities_id: number;
  is_recursive: number | boolean;
  profile_name: string;
  profile_interface: string | null;
  rights: string | null;
  /** The entity's id (null when it no longer exists), full name, and parent (null on the root entity). */
  entity_found: number | null;
  entity_name: string | null;
  parent_entity: number | null;
}

/** Reads of glpi_profiles_users: where a user holds which profile. */
@Injectable()
export class AssignmentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A user's profile assignments with the entity each is given on; `manager` reads inside a write unit. */
  assignedEntities(userId: number, manager?: EntityManager): Promise<AssignedEntityRow[]> {
    return (manager ?? this.dataSource)
      .createQueryBuilder()
      .select([
        'pu.profiles_id AS profiles_id',
        'pu.entities_id AS entities_id',
        'pu.is_recursive AS is_recursive',
        'p.name AS profile_name',
        'p.interface AS profile_interface',
        'p.rights AS rights',
        'e.id AS entity_found',
        'e.completename AS entity_name',
        'e.entities_id AS parent_entity',
      ])
      .from('glpi_profiles_users', 'pu')
      .innerJoin('glpi_profiles', 'p', 'p.id = pu.profiles_id')
      .leftJoin('glpi_entities', 'e', 'e.id = pu.entities_id')
      .where('pu.users_id = :id', { id: userId })
      .getRawMany<AssignedEntityRow>();
  }
}
