/** The real signature calls (./services.ts), over src/api/signatures.ts. */
import type { DoctorChoice } from '../../../machines/signature/doctorChoiceMachine';
import type { LoadSignatureInput, PutSignatureInput } from '../../../machines/signature/signatureContext';
import { signatureApi as api } from '../../api/signatures';
import { fetchFilterDoctors } from '../../api/staff';
import { fromApi } from '../../app/fromApi';
import type { SignatureServices } from './services';

export const liveSignatureServices: SignatureServices = {
  actors: {
    loadSignature: fromApi(({ doctorId, token }: LoadSignatureInput, signal) => api.image(doctorId, token, signal)),
    putSignature: fromApi(({ doctorId, file, token }: PutSignatureInput, signal) => api.put(doctorId, file, token, signal), (): unknown => null),
    removeSignature: fromApi(({ doctorId, token }: LoadSignatureInput, signal) => api.remove(doctorId, token, signal), (): unknown => null),
    loadDoctors: fromApi(
      ({ token }: { token: string }, signal) => fetchFilterDoctors(token, signal),
      (doctors): readonly DoctorChoice[] => doctors.map((d) => ({ _id: d._id, name: d.name })),
    ),
  },
};
