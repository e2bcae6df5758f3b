/** What the rest of the app uses of a teacher's reflections: the section of a term's results where they are written. */
export { TermReflections } from './components/term-reflections';
