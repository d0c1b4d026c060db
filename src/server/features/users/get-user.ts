import type { ServiceContext } from '../../lib/service-context';
import { presentUser } from './present-user';
import { findUser } from './user-rules';

export async function getUser(ctx: ServiceContext, id: string) {
  return presentUser(await findUser(ctx, id));
}
