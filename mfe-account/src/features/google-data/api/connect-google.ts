import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Staff start connecting a client's Google data: the answer is Google's consent page to go to. */
export const connectGoogle = (clientId: number) => call(endpoints.googleConnect, { params: { clientId } });

export const useConnectGoogle = () => useMutation({ mutationFn: connectGoogle });
