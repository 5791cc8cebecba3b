import { actionRoute } from '../action-route';

export const POST = actionRoute('revert');
