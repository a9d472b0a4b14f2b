import { parseRights } from '../auth/principal.loader.js';
import { rightsBeyond } from '../auth/rights.js';
import { userKeys } from '../database/user-keys.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { UserFieldsDto } from './dto/user-fields.dto.js';

const SUPER_ADMIN = JSON.stringify({
  project: ['read', 'create', 'update', 'delete'],
  ticket: ['read', 'create', 'update', 'delete'],
  user: ['read', 'create', 'update', 'delete'],
  ticket_scope: 'all',
  admin: true,
});
const TECHNICIAN = JSON.stringify({ project: ['read', 'create', 'update'], ticket: ['read', 'create', 'update'], user: ['read'], ticket_scope: 'all' });

describe('user field rules', () => {
  it("checks the user's own zone and language code", () => {
    const dto = Object.assign(new UpdateUserDto(), { timezone: 'Mars/Olympus', language: 'Portuguese' });
    expect(UserFieldsDto.crossCheck(dto)).toMatchObject([
      { field: 'timezone', code: 'INVALID_VALUE' },
      { field: 'language', code: 'INVALID_VALUE' },
    ]);
    expect(UserFieldsDto.crossCheck(Object.assign(new UpdateUserDto(), { timezone: 'Europe/Lisbon', language: 'pt_BR' }))).toEqual([]);
  });

  it('builds keys without "null" for missing name parts', () => {
    expect(userKeys({ name: ' Zé ', firstname: null, realname: 'Souza', email: null })).toEqual({
      name_key: 'ze',
      email_key: null,
      fullname_key: 'souza',
      name_lookalike: 'ze',
      email_lookalike: null,
    });
  });

  it('lists the rights a profile would add', () => {
    const admin = {
      project: ['read', 'create', 'update'],
      ticket: ['read', 'create', 'update'],
      user: ['read', 'create', 'update', 'delete'],
      ticket_scope: 'all',
      admin: false,
    } as const;
    const rights = { ...admin, project: [...admin.project], ticket: [...admin.ticket], user: [...admin.user] };
    expect(rightsBeyond(rights, parseRights(TECHNICIAN))).toEqual([]);
    expect(rightsBeyond(rights, parseRights(SUPER_ADMIN))).toEqual(['project:delete', 'ticket:delete', 'admin']);
    expect(rightsBeyond({ ...rights, ticket_scope: 'own' }, parseRights(TECHNICIAN))).toEqual(['ticket:all-tickets']);
  });
});
