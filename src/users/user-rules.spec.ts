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

  it('names the codes a language written as its name may mean: one as did_you_mean, several as candidates', () => {
    const languageIssue = (language: string) => UserFieldsDto.crossCheck(Object.assign(new UpdateUserDto(), { language })).find((i) => i.field === 'language');
    expect(languageIssue('Português do Brasil')).toMatchObject({ did_you_mean: 'pt_BR' });
    expect(languageIssue('brazilian portuguese')).toMatchObject({ did_you_mean: 'pt_BR' });
    expect(languageIssue('Portuguese')?.did_you_mean).toBeUndefined();
    expect(languageIssue('português')?.candidates).toEqual([
      { value: 'pt_BR', reading: 'Portuguese (Brazil)' },
      { value: 'pt_PT', reading: 'Portuguese (Portugal)' },
    ]);
    expect(languageIssue('English')?.candidates?.map((c) => ('value' in c ? c.value : c.id))).toEqual(['en_GB', 'en_US']);
    expect(languageIssue('Klingon')).toMatchObject({ code: 'INVALID_VALUE' });
    expect(languageIssue('Klingon')?.did_you_mean).toBeUndefined();
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
