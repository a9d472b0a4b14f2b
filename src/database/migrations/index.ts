import { InitialSchema1764460800000 } from './1764460800000-InitialSchema.js';
import { OtpUserFailures1765100000000 } from './1765100000000-OtpUserFailures.js';
import { AdminRight1765100000001 } from './1765100000001-AdminRight.js';
import { UserLookAlikeKeys1767225600000 } from './1767225600000-UserLookAlikeKeys.js';
import { TicketNameKey1767312000000 } from './1767312000000-TicketNameKey.js';
import { OAuth1768000000000 } from './1768000000000-OAuth.js';
import { Approvals1768100000000 } from './1768100000000-Approvals.js';
import { TicketTimeline1768200000000 } from './1768200000000-TicketTimeline.js';
import { TicketTextIndex1768400000000 } from './1768400000000-TicketTextIndex.js';
import { TicketSortIndexes1768400000001 } from './1768400000001-TicketSortIndexes.js';
import { AuditRequestId1768500000000 } from './1768500000000-AuditRequestId.js';
import { TimelineOrderIndexes1768600000000 } from './1768600000000-TimelineOrderIndexes.js';
import { SqliteSortWalk1768900000000 } from './1768900000000-SqliteSortWalk.js';
import { RecomposedNameKeys1769000000000 } from './1769000000000-RecomposedNameKeys.js';
import { TicketGramsFillByPiece1769100000000 } from './1769100000000-TicketGramsFillByPiece.js';
import { LongTexts1769100000001 } from './1769100000001-LongTexts.js';
import { OAuthRecordHashes1769200000000 } from './1769200000000-OAuthRecordHashes.js';
import { UniqueEmails1769300000000 } from './1769300000000-UniqueEmails.js';

export {
  AdminRight1765100000001,
  Approvals1768100000000,
  AuditRequestId1768500000000,
  InitialSchema1764460800000,
  LongTexts1769100000001,
  OAuth1768000000000,
  OAuthRecordHashes1769200000000,
  OtpUserFailures1765100000000,
  RecomposedNameKeys1769000000000,
  SqliteSortWalk1768900000000,
  TicketGramsFillByPiece1769100000000,
  TicketNameKey1767312000000,
  TicketSortIndexes1768400000001,
  TicketTextIndex1768400000000,
  TicketTimeline1768200000000,
  TimelineOrderIndexes1768600000000,
  UniqueEmails1769300000000,
  UserLookAlikeKeys1767225600000,
};

export const MIGRATIONS = [
  InitialSchema1764460800000,
  OtpUserFailures1765100000000,
  AdminRight1765100000001,
  UserLookAlikeKeys1767225600000,
  TicketNameKey1767312000000,
  OAuth1768000000000,
  Approvals1768100000000,
  TicketTimeline1768200000000,
  TicketTextIndex1768400000000,
  TicketSortIndexes1768400000001,
  AuditRequestId1768500000000,
  TimelineOrderIndexes1768600000000,
  SqliteSortWalk1768900000000,
  RecomposedNameKeys1769000000000,
  TicketGramsFillByPiece1769100000000,
  LongTexts1769100000001,
  OAuthRecordHashes1769200000000,
  UniqueEmails1769300000000,
];
