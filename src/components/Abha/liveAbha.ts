/** The ABHA section's live calls (machines/abha/context.ts `AbhaCalls`): the API, and the picture's QR. */
import { fromPromise } from 'xstate';
import type { AbhaInput, ReadQrInput, SaveAbhaInput } from '../../../machines/abha/context';
import { abdmApi } from '../../api/abdm';
import { fromApi } from '../../app/fromApi';
import { readQrImage } from './readQr';

export const liveAbhaActors = {
  loadAbha: fromApi(({ token, target }: AbhaInput, signal) => abdmApi.abha(target, token, signal)),
  saveAbha: fromApi(({ token, target, request }: SaveAbhaInput, signal) => abdmApi.putAbha(target, request, token, signal)),
  removeAbha: fromApi(({ token, target }: AbhaInput, signal) => abdmApi.removeAbha(target, token, signal)),
  readQr: fromPromise(({ input }: { input: ReadQrInput }) => readQrImage(input.image)),
};

export type AbhaActors = typeof liveAbhaActors;
