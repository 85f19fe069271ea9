/**
 * The front desk's fakes for the console's component tests: every desk call answered by hand (as
 * in the machines' tests), the rooms kept in memory, Print counted. `fakeStaff` (./staffSupport.tsx)
 * gives the console these; a desk test reads them as `fake.desk`.
 */
import type { DeskWaitlistEntry } from '../../contract/desk';
import type { DeskDoctor } from '../../machines/desk/desk';
import type { DownloadedFile } from '../../machines/records/documentDownloadMachine';
import type { LoadInput } from '../../machines/staffAdmin/adminListContext';
import type { WaitlistAddInput, WaitlistLoadInput, WaitlistRemoveInput } from '../../machines/desk/waitlist/setup';
import type { DeskServices } from '../../src/staff/desk/services';
import { answeredByHand } from '../machines/accountFakes';
import { deskCalls } from '../machines/deskFakes';

export function fakeDesk() {
  const calls = {
    ...deskCalls(),
    loadDoctors: answeredByHand<DeskDoctor[], LoadInput>(),
    downloadDayCsv: answeredByHand<DownloadedFile, { path: string; token: string }>(),
    loadWaitlist: answeredByHand<DeskWaitlistEntry[], WaitlistLoadInput>(),
    addToWaitlist: answeredByHand<DeskWaitlistEntry, WaitlistAddInput>(),
    removeFromWaitlist: answeredByHand<{ message: string }, WaitlistRemoveInput>(),
  };
  const rooms = new Map<string, string>();
  let printed = 0;
  const services: DeskServices = {
    actors: {
      loadDoctors: calls.loadDoctors.logic,
      searchPatients: calls.searchPatients.logic,
      registerPatient: calls.registerPatient.logic,
      updatePatient: calls.updatePatient.logic,
      loadTimeSlots: calls.loadTimeSlots.logic,
      book: calls.book.logic,
      walkIn: calls.walkIn.logic,
      checkIn: calls.checkIn.logic,
      takePayment: calls.takePayment.logic,
      loadQueue: calls.loadQueue.logic,
      queueStream: calls.queueStream.logic,
      callNext: calls.callNext.logic,
      moveEntry: calls.moveEntry.logic,
      loadDay: calls.loadDay.logic,
      downloadDayCsv: calls.downloadDayCsv.logic,
      loadWaitlist: calls.loadWaitlist.logic,
      addToWaitlist: calls.addToWaitlist.logic,
      removeFromWaitlist: calls.removeFromWaitlist.logic,
    },
    rooms: { get: (doctorId) => rooms.get(doctorId) ?? '', set: (doctorId, room) => void rooms.set(doctorId, room) },
    print: () => {
      printed += 1;
    },
  };
  return { ...calls, services, rooms, printed: () => printed };
}

export type FakeDesk = ReturnType<typeof fakeDesk>;
