import type { IssueCode } from './error-codes.js';

export interface Candidate {
  id: number;
  name: string;
}

/** One problem with one field of a call. All of a call's issues are returned together. */
export interface Issue {
  field: string;
  code: IssueCode;
  received?: unknown;
  message: string;
  expected?: string;
  available?: string[];
  did_you_mean?: string;
  candidates?: Candidate[];
}
