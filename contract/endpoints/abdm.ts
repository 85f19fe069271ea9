/**
 * The patient's ABHA (contract/abdm.ts, docs/abdm.md; served by server/abdm/routes.ts):
 *
 *   GET    /account/abha              -> AbhaAnswer   the caller's own (null: none on file)
 *   PUT    /account/abha              AbhaRequest -> AbhaAnswer   abha.set
 *   DELETE /account/abha              -> AbhaAnswer (null)         abha.removed
 *   GET    /desk/patients/{id}/abha   -> AbhaAnswer   a patient's, at the counter
 *   PUT    /desk/patients/{id}/abha   AbhaRequest -> AbhaAnswer   abha.set
 *   DELETE /desk/patients/{id}/abha   -> AbhaAnswer (null)         abha.removed
 *
 * The account's: a live token (401), a patient's own only (staff: 404). The desk's: reception and
 * admins (anybody else 404, as for a patient that does not exist). Bad input: 400 naming the field
 * (`abhaNumber`, `abhaAddress`); neither given: 400 on `abhaNumber`. An ABHA number or address
 * on another patient's file: 409 code 'abha.taken' on its field.
 */
import { AbhaAnswer, AbhaRequest, DeskAbhaParams } from '../abdm.js';
import { endpoint } from '../endpoint.js';

export const abdmEndpoints = {
  abha: endpoint({ method: 'GET', path: '/account/abha', answer: AbhaAnswer }),
  putAbha: endpoint({ method: 'PUT', path: '/account/abha', body: AbhaRequest, answer: AbhaAnswer }),
  removeAbha: endpoint({ method: 'DELETE', path: '/account/abha', answer: AbhaAnswer }),
  deskAbha: endpoint({ method: 'GET', path: '/desk/patients/:id/abha', params: DeskAbhaParams, answer: AbhaAnswer }),
  putDeskAbha: endpoint({ method: 'PUT', path: '/desk/patients/:id/abha', params: DeskAbhaParams, body: AbhaRequest, answer: AbhaAnswer }),
  removeDeskAbha: endpoint({ method: 'DELETE', path: '/desk/patients/:id/abha', params: DeskAbhaParams, answer: AbhaAnswer }),
};
