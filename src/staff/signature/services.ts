/**
 * The calls the signature section's machine gets (StaffServices.signature, ../services.tsx): the
 * real ones in ./liveSignature.ts, fakes in tests, given with `machine.provide({ actors })`. Each
 * actor rejects with an ApiFailure when its call fails.
 */
import type { PromiseActorLogic } from 'xstate';
import type { DoctorChoice } from '../../../machines/signature/doctorChoiceMachine';
import type { LoadSignatureInput, PutSignatureInput } from '../../../machines/signature/signatureContext';

export interface SignatureServices {
  readonly actors: {
    /** The PNG on file, or null when there is none. */
    readonly loadSignature: PromiseActorLogic<Blob | null, LoadSignatureInput>;
    readonly putSignature: PromiseActorLogic<unknown, PutSignatureInput>;
    readonly removeSignature: PromiseActorLogic<unknown, LoadSignatureInput>;
    /** An admin's choice of doctor (GET /staff/doctors). */
    readonly loadDoctors: PromiseActorLogic<readonly DoctorChoice[], { token: string }>;
  };
}
