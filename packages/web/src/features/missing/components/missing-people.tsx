import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MissingAudience, MissingPerson, PeriodMissingPerson } from '@encuestas/core/api/missing';
import { subjectsProgress } from '../logic/missing';

const NO_EMAIL = 'Sin correo';

/** The column after the campus: what is left to answer (its header and a person's cell). */
interface LastColumn<P> {
  label: string;
  cell: (person: P) => ReactNode;
}

/** Both lists' table (desktop): who, where, how to reach them, and the last column when there is one. */
function PeopleTable<P extends MissingPerson>({
  people,
  audience,
  keyOf,
  last,
}: {
  people: P[];
  audience: MissingAudience;
  keyOf: (person: P) => string | number;
  last: LastColumn<P> | null;
}) {
  const students = audience === 'students';
  return (
    <TableContainer>
      <Table size="small" aria-label="Personas que faltan por responder">
        <TableHead>
          <TableRow>
            <TableCell>Nombre</TableCell>
            <TableCell>pc_id</TableCell>
            {students ? <TableCell>Plan</TableCell> : <TableCell>Puesto</TableCell>}
            {students ? <TableCell>Grupo</TableCell> : null}
            <TableCell>Correo</TableCell>
            <TableCell>Campus</TableCell>
            {last ? <TableCell>{last.label}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((person) => (
            <TableRow key={keyOf(person)}>
              <TableCell>{person.fullName}</TableCell>
              <TableCell>{person.pcId}</TableCell>
              {students ? <TableCell>{person.plan}</TableCell> : <TableCell>{person.puesto || 'Docente'}</TableCell>}
              {students ? <TableCell>{person.grupo}</TableCell> : null}
              <TableCell sx={{ wordBreak: 'break-all' }}>{person.email ?? NO_EMAIL}</TableCell>
              <TableCell>{person.campus}</TableCell>
              {last ? <TableCell>{last.cell(person)}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Both lists' cards (phone): the same facts, and under them what is left to answer. */
function PeopleCards<P extends MissingPerson>({
  people,
  audience,
  keyOf,
  left,
}: {
  people: P[];
  audience: MissingAudience;
  keyOf: (person: P) => string | number;
  left: (person: P) => ReactNode;
}) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }} aria-label="Personas que faltan por responder">
      {people.map((person) => (
        <Card key={keyOf(person)} component="li" variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography sx={{ fontWeight: 600 }}>{person.fullName}</Typography>
            <Typography variant="body2" color="textSecondary">
              pc_id {person.pcId} · {audience === 'students' ? `${person.plan} ${person.grupo}` : person.puesto || 'Docente'} · {person.campus}
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {person.email ?? NO_EMAIL}
            </Typography>
            {left(person)}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

const idOf = (person: MissingPerson) => person.id;

/** The missing people as a table (desktop). */
export function MissingPeopleTable({ people, audience }: { people: MissingPerson[]; audience: MissingAudience }) {
  const progress = people.some((person) => person.subjects) ? (audience === 'students' ? 'Materias' : 'Guías') : null;
  const last = progress ? { label: progress, cell: (person: MissingPerson) => subjectsProgress(person, audience) } : null;
  return <PeopleTable people={people} audience={audience} keyOf={idOf} last={last} />;
}

/** The missing people as cards (phone). */
export function MissingPeopleCards({ people, audience }: { people: MissingPerson[]; audience: MissingAudience }) {
  return (
    <PeopleCards
      people={people}
      audience={audience}
      keyOf={idOf}
      left={(person) => (person.subjects ? <Typography variant="body2">{subjectsProgress(person, audience)}</Typography> : null)}
    />
  );
}

/** What a person owes over every type: one line each, with what is left of it. */
function OwedList({ person, audience }: { person: PeriodMissingPerson; audience: MissingAudience }) {
  return (
    <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2.5 }} aria-label={`Encuestas que le faltan a ${person.fullName}`}>
      {person.owed.map((survey) => {
        const progress = subjectsProgress(survey, audience);
        return (
          <Typography component="li" variant="body2" key={survey.cycleId}>
            {survey.title}
            {progress ? ` (${progress.charAt(0).toLowerCase()}${progress.slice(1)})` : ''}
          </Typography>
        );
      })}
    </Stack>
  );
}

/** Teachers and staff share the academic list: the key is both. */
const keyOf = (person: PeriodMissingPerson) => `${person.respondentType}-${person.id}`;

/** The people who owe some survey type, with what they owe (desktop). */
export function OwingPeopleTable({ people, audience }: { people: PeriodMissingPerson[]; audience: MissingAudience }) {
  return (
    <PeopleTable
      people={people}
      audience={audience}
      keyOf={keyOf}
      last={{ label: 'Le falta', cell: (person) => <OwedList person={person} audience={audience} /> }}
    />
  );
}

/** The same as cards (phone). */
export function OwingPeopleCards({ people, audience }: { people: PeriodMissingPerson[]; audience: MissingAudience }) {
  return (
    <PeopleCards
      people={people}
      audience={audience}
      keyOf={keyOf}
      left={(person) => (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Le falta:
          </Typography>
          <OwedList person={person} audience={audience} />
        </>
      )}
    />
  );
}
