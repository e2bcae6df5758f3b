/** What other features use of the directory import: each directory entity's names (the audit log's). */
export { DIRECTORY_ENTITY_INFO } from './logic/directory-templates';
