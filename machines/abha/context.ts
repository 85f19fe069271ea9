/**
 * The ABHA section's context, events and calls (./abhaMachine.ts). The same flow serves the
 * patient's own ABHA on /account and a patient's at the desk (`target`).
 */
import type * as t from 'io-ts';
import type { Abha, AbhaAnswer, AbhaRequest } from '../../contract/abdm.js';
import type { ServerNotice } from '../shared/notices.js';

/** Whose ABHA: the caller's own, or a patient's at the desk. */
export type AbhaTarget = { kind: 'own' } | { kind: 'patient'; patientId: string };

export type AbhaField = 'abhaNumber' | 'abhaAddress';
export const abhaFields: readonly AbhaField[] = ['abhaNumber', 'abhaAddress'];

export type AbhaDraft = Record<AbhaField, string>;
export type AbhaRequestFields = t.OutputOf<typeof AbhaRequest>;

/** The problem of a scanned picture, shown at the scan field. */
export type QrProblem = 'unreadable' | 'notAbha';

export type AbhaNotice = { kind: 'saved' } | { kind: 'removed' } | { kind: 'loadFailed' } | { kind: 'somethingWentWrong' } | ServerNotice;

export interface AbhaContext {
  readonly token: string;
  readonly target: AbhaTarget;
  readonly abha: Abha | null;
  readonly draft: AbhaDraft;
  /** The request being saved (typed, or read from a card). */
  readonly request: AbhaRequestFields | null;
  /** Each field's problem: the contract's words, or the server's (a 409 names its field). */
  readonly errors: Partial<Record<AbhaField, string>>;
  readonly qrProblem: QrProblem | null;
}

export interface AbhaInput {
  readonly token: string;
  readonly target: AbhaTarget;
}
export interface SaveAbhaInput extends AbhaInput {
  readonly request: AbhaRequestFields;
}
export interface ReadQrInput {
  readonly image: Blob;
}

export type AbhaCalls = {
  loadAbha: (input: AbhaInput) => Promise<AbhaAnswer>;
  saveAbha: (input: SaveAbhaInput) => Promise<AbhaAnswer>;
  removeAbha: (input: AbhaInput) => Promise<AbhaAnswer>;
  /** The QR's text in the picture, or null when it holds none. */
  readQr: (input: ReadQrInput) => Promise<string | null>;
};

export type AbhaEvent =
  | { type: 'abha.retry' }
  | { type: 'abha.edit' }
  | { type: 'abha.change'; field: AbhaField; value: string }
  | { type: 'abha.save' }
  | { type: 'abha.cancel' }
  | { type: 'abha.remove' }
  | { type: 'abha.scan'; image: Blob };

export const emptyDraft: AbhaDraft = { abhaNumber: '', abhaAddress: '' };

export const initialAbhaContext = ({ token, target }: AbhaInput): AbhaContext => ({
  token,
  target,
  abha: null,
  draft: emptyDraft,
  request: null,
  errors: {},
  qrProblem: null,
});
