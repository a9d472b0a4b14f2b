import type { IssueCode } from './error-codes.js';

/**
 * One record an ambiguous name may mean, with what tells it apart from the others (only what the
 * caller may read): its entity's full path; a user's login and email; a project's code and state;
 * a ticket's status, opening date and requester.
 */
export interface RecordCandidate {
  id: number;
  name: string;
  entity?: string;
  login?: string;
  email?: string;
  code?: string;
  state?: string;
  status?: string;
  date?: string;
  requester?: string;
  /** A project task's project: tasks of one name in several projects are told apart by it. */
  project?: { id: number; name: string };
}

/** One reading of an ambiguous value (a date that is 1 July or 7 January): send `value` for the one meant. */
export interface ReadingCandidate {
  value: string;
  reading: string;
}

export type Candidate = RecordCandidate | ReadingCandidate;

/** One problem with one field of a call. All of a call's issues are returned together. */
export interface Issue {
  field: string;
  code: IssueCode;
  received?: unknown;
  message: string;
  expected?: string;
  available?: string[];
  /** The records of `available` (same order), each with only the details that tell them apart. */
  available_records?: RecordCandidate[];
  did_you_mean?: string;
  candidates?: Candidate[];
}
