/** Family members and the patient's profile. */
import { MessageAnswer, User } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { FamilyMember, FamilyMemberInput, FamilyMemberList, FamilyMemberParams, ProfileUpdateRequest } from '../people.js';

export const peopleEndpoints = {
  family: endpoint({ method: 'GET', path: '/family', answer: FamilyMemberList }),
  addFamilyMember: endpoint({ method: 'POST', path: '/family', body: FamilyMemberInput, answer: FamilyMember }),
  editFamilyMember: endpoint({ method: 'PUT', path: '/family/:id', params: FamilyMemberParams, body: FamilyMemberInput, answer: FamilyMember }),
  archiveFamilyMember: endpoint({ method: 'DELETE', path: '/family/:id', params: FamilyMemberParams, answer: MessageAnswer }),
  profile: endpoint({ method: 'PUT', path: '/auth/profile', body: ProfileUpdateRequest, answer: User }),
};
