/** ElectroDB's service name: the prefix of every key the entities write. */
export const ENTITY_SERVICE = 'cutloom';
