import { endpoints, type InviteInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Invites a member of staff: the server e-mails them a link to set their password. */
export const inviteStaff = (input: InviteInput) => call(endpoints.inviteStaff, { body: input });
export const useInviteStaff = () => useInvalidatingMutation(inviteStaff, ['users']);

/** A new set-password link for an invited member of staff; the links sent before stop working. */
export const resendInvite = (userId: number) => call(endpoints.resendInvite, { params: { id: userId } });
export const useResendInvite = () => useInvalidatingMutation(resendInvite, ['users']);

/** Disables (sessions end at once) or enables an account; the server refuses the last master admin and oneself. */
export const setAccess = ({ userId, enabled }: { userId: number; enabled: boolean }) =>
  call(enabled ? endpoints.enableUser : endpoints.disableUser, { params: { id: userId } });
export const useSetAccess = () => useInvalidatingMutation(setAccess, ['users'], { afterFailureToo: true });
