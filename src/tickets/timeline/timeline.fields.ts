import type { OutputField } from '../../present/presenter.js';
import type { TimelineKind } from './entry-kinds.js';
import { APPROVAL_STATUS, TASK_STATE } from './timeline-vocabularies.js';

const ID: OutputField = { name: 'id', kind: 'int' };
const KIND: OutputField = { name: 'kind', kind: 'plain' };
const DATE: OutputField = { name: 'date', kind: 'date' };
const AUTHOR: OutputField = { name: 'users_id', kind: 'ref', ref: 'user' };
const CONTENT: OutputField = { name: 'content', kind: 'plain' };
const PRIVATE: OutputField = { name: 'is_private', kind: 'bool' };

/** What a timeline entry of each kind shows (empty values are left out: the timeline is read often). */
export const ENTRY_OUTPUT: Readonly<Record<TimelineKind, readonly OutputField[]>> = {
  followup: [ID, KIND, DATE, AUTHOR, CONTENT, PRIVATE],
  task: [
    ID,
    KIND,
    DATE,
    AUTHOR,
    CONTENT,
    PRIVATE,
    { name: 'state', kind: 'enum', vocab: TASK_STATE },
    { name: 'duration', kind: 'int' },
    { name: 'users_id_tech', kind: 'ref', ref: 'user' },
    { name: 'begin', kind: 'date', column: 'begin_at' },
    { name: 'end', kind: 'date', column: 'end_at' },
  ],
  solution: [
    ID,
    KIND,
    DATE,
    AUTHOR,
    CONTENT,
    { name: 'solutiontypes_id', kind: 'ref', ref: 'solutionType' },
    { name: 'status', kind: 'enum', vocab: APPROVAL_STATUS },
    { name: 'users_id_approval', kind: 'ref', ref: 'user' },
    { name: 'date_approval', kind: 'date' },
  ],
  validation: [
    ID,
    KIND,
    DATE,
    AUTHOR,
    CONTENT,
    { name: 'approver_id', kind: 'ref', ref: 'user' },
    { name: 'approver_group_id', kind: 'ref', ref: 'group' },
    { name: 'status', kind: 'enum', vocab: APPROVAL_STATUS },
    { name: 'answer', kind: 'plain', column: 'comment_validation' },
    { name: 'users_id_validate', kind: 'ref', ref: 'user' },
    { name: 'validation_date', kind: 'date' },
  ],
};

/**
 * Entries per page of a timeline (ticket_get's first page, and each page after it). A ticket worked
 * on for weeks has a few dozen entries and the question asked of it is often about the oldest (what
 * was first reported, what was tried): 50 answers it in one call, where 20 made the caller page;
 * entries are compact (empty fields left out), so a full page stays a few kilobytes.
 */
export const TIMELINE_PAGE = 50;

/** Every field an entry of any kind may show, once each (the REST document's TimelineEntry). */
export const ENTRY_FIELDS: readonly OutputField[] = [
  ...new Map(Object.values(ENTRY_OUTPUT).flatMap((fields) => fields.map((f) => [f.name, f] as const))).values(),
].filter((f) => f.name !== 'kind');
