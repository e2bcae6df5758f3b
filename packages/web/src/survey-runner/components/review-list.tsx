import type { ReviewSection } from '../review';
import { LightButton } from '../../components/light-button';
import { Box, Paper, Text } from '../../components/light-ui';

interface ReviewListProps {
  sections: readonly ReviewSection[];
  /** Back to the step of that question, with the focus on its answer. */
  onChange: (sectionId: string, itemId: string) => void;
}

/** Before 'Enviar': every answer at a glance, each with a way back to change it. */
export function ReviewList({ sections, onChange }: ReviewListProps) {
  return (
    <>
      {sections.map(({ section, rows }) => (
        <Paper key={section.id} component="section" aria-label={section.title} sx={{ p: 2, borderRadius: 2 }}>
          <Text variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 1 }}>
            {section.title}
          </Text>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {rows.map(({ item, number, answer }) => (
              <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Text variant="body2" color="textSecondary">
                    {number}. {item.text}
                  </Text>
                  <Text sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {answer}
                  </Text>
                </Box>
                <LightButton
                  size="small"
                  onClick={() => onChange(section.id, item.id)}
                  aria-label={`Cambiar la respuesta ${number}`}
                  className="finger"
                >
                  Cambiar
                </LightButton>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </>
  );
}
