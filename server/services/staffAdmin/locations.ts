/** Locations: listed with what uses them, added, renamed or set to take fees at the clinic, deleted while unused, put in order. */
import type { AdminLocation, LocationInput } from '../../../contract/staffAdmin.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import {
  deleteLocation,
  findAdminLocation,
  insertLocation,
  listAdminLocations,
  locationNameConstraint,
  setLocationOrder,
  updateLocation,
} from '../../repositories/locations.js';
import { insertAudit } from '../../repositories/staff.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, reorderWithAudit, type Staff } from '../staff.js';
import type { AdminDeps } from '../staffAdmin.js';
import { adminMessages } from './messages.js';

/** In `tx`: the location's name and setting saved, each change audited; answers whether the setting changed. 404 for none. */
async function updateAudited(tx: Queryable, staff: Staff, id: string, input: LocationInput, at: Date): Promise<boolean> {
  const before = await findAdminLocation(tx, id, true);
  if (!before) throw new NotFoundError(adminMessages.locationNotFound);
  const payAtClinic = input.payAtClinic ?? before.payAtClinic ?? false;
  const settingChanged = payAtClinic !== before.payAtClinic;
  await updateLocation(tx, before._id, { name: input.name, payAtClinic });
  const audit = (action: string, details: Record<string, unknown>) =>
    insertAudit(tx, { ...auditActor(staff), action, details: { locationId: before._id, ...details } }, at);
  if (input.name !== before.name || !settingChanged) await audit('location.renamed', { before: { name: before.name }, after: { name: input.name } });
  if (settingChanged) await audit('location.payatclinic', { before: { payAtClinic: before.payAtClinic }, after: { payAtClinic } });
  return settingChanged;
}

export function locationsAdmin({ db, now }: AdminDeps) {
  async function locationAnswer(id: string, message: string): Promise<{ message: string; location: AdminLocation }> {
    return { message, location: (await findAdminLocation(db, id))! };
  }

  return {
    async locations(staff: Staff): Promise<AdminLocation[]> {
      assertAdmin(staff);
      return listAdminLocations(db);
    },

    async createLocation(staff: Staff, input: LocationInput) {
      assertAdmin(staff);
      const at = now();
      const after = { name: input.name, payAtClinic: input.payAtClinic ?? false };
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const newId = await insertLocation(tx, after, at);
          await insertAudit(tx, { ...auditActor(staff), action: 'location.created', details: { locationId: newId, after } }, at);
          return newId;
        });
      } catch (error) {
        if (isUniqueViolation(error, locationNameConstraint)) throw new ConflictError(adminMessages.locationTaken);
        throw error;
      }
      return locationAnswer(id, adminMessages.locationCreated);
    },

    /**
     * The name, and the pay-at-the-clinic setting when the input has it. Appointments and hours
     * refer to the location by id: they follow the new name. Audited as location.renamed (the name
     * changed, or nothing did) and location.payatclinic (the setting changed).
     */
    async renameLocation(staff: Staff, id: string, input: LocationInput) {
      assertAdmin(staff);
      const at = now();
      let settingChanged = false;
      try {
        settingChanged = await db.transaction((tx) => updateAudited(tx, staff, id, input, at));
      } catch (error) {
        if (isUniqueViolation(error, locationNameConstraint)) throw new ConflictError(adminMessages.locationTaken);
        throw error;
      }
      return locationAnswer(id.toLowerCase(), settingChanged ? adminMessages.locationSaved : adminMessages.locationRenamed);
    },

    /** Refused while a doctor works there or any appointment was booked there (their records need it). */
    async deleteLocation(staff: Staff, id: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findAdminLocation(tx, id, true);
        if (!before) throw new NotFoundError(adminMessages.locationNotFound);
        if (before.doctorCount > 0 || before.appointmentCount > 0) {
          throw new ConflictError(adminMessages.locationInUse(before.doctorCount, before.appointmentCount));
        }
        await deleteLocation(tx, before._id);
        await insertAudit(tx, { ...auditActor(staff), action: 'location.deleted', details: { locationId: before._id, before: { name: before.name } } }, at);
      });
      return { message: adminMessages.locationDeleted };
    },

    async reorderLocations(staff: Staff, ids: readonly string[]): Promise<AdminLocation[]> {
      assertAdmin(staff);
      await reorderWithAudit(db, staff, now(), {
        ids,
        list: listAdminLocations,
        save: setLocationOrder,
        action: 'location.reordered',
        row: 'location',
        summary: adminMessages.badOrder,
      });
      return listAdminLocations(db);
    },
  };
}
