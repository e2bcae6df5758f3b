import type { Ref } from 'react';
import type { ReviewSection } from '../review';
import { ReviewList } from './review-list';
import { StepHeading } from './step-heading';

interface ReviewStepProps {
  sections: readonly ReviewSection[];
  headingRef: Ref<HTMLHeadingElement>;
  alert: string | null;
  /** Back to the step of that question, with the focus on its answer. */
  onChange: (sectionId: string, itemId: string) => void;
}

/** The step after the last: every answer before 'Enviar'. */
export function ReviewStep({ sections, headingRef, alert, onChange }: ReviewStepProps) {
  return (
    <>
      <StepHeading
        title="Antes de enviar"
        intro="Con «Cambiar» se vuelve a cualquier respuesta para corregirla."
        headingRef={headingRef}
        alert={alert}
      />
      <ReviewList sections={sections} onChange={onChange} />
    </>
  );
}
