/**
 * The patient's record, one file a subject under services/records/: the documents, My Remedies,
 * the data export and closing the account. Who may read what, and the answers' words:
 * services/records.ts.
 */
import { defaultRecordsConfig } from '../../records/config.js';
import { accountPart } from './account.js';
import type { RecordServiceDeps } from './context.js';
import { documentsPart } from './documents.js';
import { exportPart } from './export.js';
import { fhirPart } from './fhir.js';
import { remediesPart } from './remedies.js';

export type { RecordServiceDeps } from './context.js';

export function createRecordService({ retention = defaultRecordsConfig.retention, ...rest }: RecordServiceDeps) {
  const deps = { ...rest, retention };
  return {
    retention,
    ...remediesPart(deps),
    ...documentsPart(deps),
    ...fhirPart(deps),
    ...exportPart(deps),
    ...accountPart(deps),
  };
}
export type RecordService = ReturnType<typeof createRecordService>;
