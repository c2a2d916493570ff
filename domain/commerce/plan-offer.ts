// Which plans a store offers to viewers (decision 0038). A plan hidden (`visible: false`) is left
// off the lists but may still be bought by its address; a retired plan (`onSale: false`) is
// neither listed nor sold, while the subscriptions already made on it keep renewing.
import type { Plan } from '#config-schema/plans.ts';

/** Listed on /plans, the home page and the sign-up's plan step. */
export const isListed = (plan: Pick<Plan, 'visible' | 'onSale'>): boolean => plan.visible && plan.onSale;
