import type { Ref } from 'react';
import type { AnswerValue, Answers, Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { answerBlocks } from '../answer-blocks';
import { sectionVisibleItems, type ItemErrors, type StepState } from '../step-navigation';
import { useWideScreen } from '../use-wide-screen';
import { questionTypeUi } from '../question-types';
import { QuestionBlock } from './question-block';
import { ScaleMatrix } from './scale-matrix';
import { StepHeading } from './step-heading';

interface QuestionStepProps {
  questionnaire: Questionnaire;
  step: StepState;
  /** Prefix of the ids that tie each question to its input, help and messages. */
  baseId: string;
  answers: Answers;
  errors: ItemErrors;
  catalogs: Catalogs;
  headingRef: Ref<HTMLHeadingElement>;
  alert: string | null;
  onChange: (itemId: string, value: AnswerValue | undefined) => void;
}

/** One step of the form: the section's title and its questions, those on one scale together as a matrix. */
export function QuestionStep({ questionnaire, step, baseId, answers, errors, catalogs, headingRef, alert, onChange }: QuestionStepProps) {
  const wide = useWideScreen();
  const { section } = step;
  // Numbers follow the questions shown so far, across steps.
  let firstNumber = 1;
  for (const before of step.sections.slice(0, step.index)) firstNumber += sectionVisibleItems(questionnaire, before, answers).length;
  const idsOf = (itemId: string) => ({
    inputId: `${baseId}-${itemId}-input`,
    labelId: `${baseId}-${itemId}-label`,
    helpId: `${baseId}-${itemId}-help`,
    errorId: `${baseId}-${itemId}-error`,
  });
  return (
    <>
      <StepHeading title={section.title} intro={section.description} headingRef={headingRef} alert={alert} />
      {answerBlocks(sectionVisibleItems(questionnaire, section, answers), firstNumber).map((block) => {
        if (block.type === 'matrix') {
          return (
            <ScaleMatrix
              key={block.items[0]!.id}
              items={block.items}
              firstNumber={block.firstNumber}
              wide={wide}
              ids={idsOf}
              answers={answers}
              errors={errors}
              onChange={onChange}
            />
          );
        }
        const { item } = block;
        const ids = idsOf(item.id);
        const itemErrors = errors[item.id] ?? [];
        const required = item.required !== false;
        const describedBy = [item.help ? ids.helpId : null, itemErrors.length > 0 ? ids.errorId : null].filter(Boolean).join(' ');
        const { Input, fieldLabel } = questionTypeUi(item);
        const labelled = fieldLabel(item, { answers, catalogs });
        return (
          <QuestionBlock
            key={item.id}
            item={item}
            number={block.number}
            {...ids}
            inputId={labelled ? ids.inputId : undefined}
            errors={itemErrors}
            required={required}
          >
            <Input
              item={item}
              value={answers[item.id]}
              onChange={(value) => onChange(item.id, value)}
              answers={answers}
              catalogs={catalogs}
              inputId={ids.inputId}
              labelId={ids.labelId}
              describedBy={describedBy}
              invalid={itemErrors.length > 0}
              required={required}
            />
          </QuestionBlock>
        );
      })}
    </>
  );
}
