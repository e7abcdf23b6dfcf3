import type { BasicFormField, FormFieldInputProps } from "@keystatic/core";
import { fields } from "@keystatic/core";
import { Flex } from "@keystar/ui/layout";
import { Item, Picker } from "@keystar/ui/picker";
import { TextField } from "@keystar/ui/text-field";
import { Text } from "@keystar/ui/typography";
import { useState, type ReactElement } from "react";
import type { FieldDescription } from "./field-description";

/*
 * Keystatic fields of our own, where its built-in ones cannot say what the
 * site's rules need (docs/decisions/091): a pick list with labels, a "None"
 * choice and the values other files use disabled; a person picked from the
 * team; and date and time pickers that say so when a typed date is not in
 * the calendar. Each keeps a value it cannot offer (an unknown author in a
 * file written by hand) and says what is wrong next to the field, so the
 * entry still opens.
 */

type Choice = Extract<FieldDescription, { kind: "select" }>;
type Person = Extract<FieldDescription, { kind: "person" }>;

/** The "None" choice of a field that may be left out: the file then leaves it out. */
const none = "";

/** Why `value` cannot be saved, or undefined. */
function choiceProblem(field: Choice, value: string, initial: string): string | undefined {
  if (value === none) return field.optional ? undefined : `${field.label} is required`;
  if (!field.options.includes(value)) {
    return `“${value}” is not one of the choices: pick one from the list`;
  }
  const owner = field.taken?.[value];
  if (owner && value !== initial) return `${labelOf(field, value)} is ${owner}’s: pick another`;
  return undefined;
}

/** "line-monitoring" reads "Line monitoring" where the schema gives no label. */
const labelOf = (field: Choice, value: string) =>
  field.optionLabels?.[value] ??
  value.charAt(0).toUpperCase() + value.slice(1).replaceAll("-", " ");

function ChoiceInput({ field, ...props }: FormFieldInputProps<string> & { field: Choice }) {
  // What the file had when it was opened: its own drawing is not another file's.
  const [initial] = useState(props.value);
  const [touched, setTouched] = useState(false);
  const items = [
    ...(field.optional ? [{ key: none, label: `None${noneMeaning(field)}` }] : []),
    ...(field.options.includes(props.value) || props.value === none
      ? []
      : [{ key: props.value, label: `${props.value} (not a choice)` }]),
    ...field.options.map((value) => {
      const owner = value === initial ? undefined : field.taken?.[value];
      return { key: value, label: `${labelOf(field, value)}${owner ? ` (used by ${owner})` : ""}` };
    }),
  ];
  const disabled = field.options.filter((value) => value !== initial && field.taken?.[value]);
  const problem = choiceProblem(field, props.value, initial);
  return (
    <Picker
      label={field.label}
      items={items}
      selectedKey={props.value}
      disabledKeys={disabled}
      onSelectionChange={(key) => {
        setTouched(true);
        props.onChange(String(key ?? none));
      }}
      // Keystatic asks for focus on the first field of a list item's dialog it opens.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={props.autoFocus}
      errorMessage={
        problem && (touched || props.forceValidation || props.value !== none) ? problem : undefined
      }
      width={{ mobile: "auto", tablet: "scale.4600" }}
    >
      {(item) => <Item key={item.key}>{item.label}</Item>}
    </Picker>
  );
}

/** What leaving out a unique drawing means: the product's own generated pattern. */
const noneMeaning = (field: Choice) => (field.unique ? ": a pattern of its own" : "");

/** A pick list: labelled choices, "None" when the field may be left out, other files' values disabled. */
export function choiceField(field: Choice): BasicFormField<string> {
  return {
    kind: "form",
    label: field.label,
    Input: (props) => <ChoiceInput field={field} {...props} />,
    defaultValue: () => (field.optional ? none : (field.options[0] ?? none)),
    parse: (value) => (typeof value === "string" ? value : none),
    serialize: (value) => ({ value: value === none ? undefined : value }),
    validate(value) {
      // The values other files use are checked again when the save is (decision 091).
      const problem = choiceProblem(field, value, value);
      if (problem) throw new Error(problem);
      return value;
    },
    reader: { parse: (value) => (typeof value === "string" ? value : none) },
  };
}

type PersonValue = Record<string, string>;

function personProblem(field: Person, value: PersonValue): string | undefined {
  const missing = Object.keys(field.fields).filter((key) => !value[key]?.trim());
  const member = field.options.find((option) => option.value.name === value.name);
  if (!field.open) {
    if (!value.name) return `${field.label} is required: pick someone from the team`;
    if (!member)
      return `“${value.name}” is not in the team (content/team): pick someone from the list`;
    if (member.value.role !== value.role) {
      return `${member.value.name}’s role is “${member.value.role}” in content/team: pick them again`;
    }
    return undefined;
  }
  return missing.length > 0
    ? `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required`
    : undefined;
}

function PersonInput({ field, ...props }: FormFieldInputProps<PersonValue> & { field: Person }) {
  const member = field.options.find(
    (option) => option.value.name === props.value.name && option.value.role === props.value.role,
  );
  const [touched, setTouched] = useState(false);
  const problem = personProblem(field, props.value);
  const showProblem = problem && (touched || props.forceValidation || props.value.name);
  const guest = "guest";
  const items = [
    ...field.options.map((option) => ({ key: option.value.name ?? "", label: option.label })),
    ...(field.open ? [{ key: guest, label: "Someone else (type their details)" }] : []),
    ...(!member && props.value.name && !field.open
      ? [{ key: props.value.name, label: `${props.value.name} (not in the team)` }]
      : []),
  ];
  return (
    <Flex direction="column" gap="medium">
      <Picker
        label={field.open ? `${field.label}: from the team` : field.label}
        items={items}
        selectedKey={member ? member.value.name : field.open ? guest : props.value.name || null}
        onSelectionChange={(key) => {
          setTouched(true);
          const picked = field.options.find((option) => option.value.name === key);
          if (picked) props.onChange({ ...picked.value });
          else if (key === guest) {
            props.onChange(Object.fromEntries(Object.keys(field.fields).map((name) => [name, ""])));
          }
        }}
        // Keystatic asks for focus on the first field of a list item's dialog it opens.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={props.autoFocus}
        errorMessage={showProblem && !field.open ? problem : undefined}
        width={{ mobile: "auto", tablet: "scale.4600" }}
      >
        {(item) => <Item key={item.key}>{item.label}</Item>}
      </Picker>
      {field.open &&
        Object.entries(field.fields).map(([key, inner]) => (
          <TextField
            key={key}
            label={inner.label}
            value={props.value[key] ?? ""}
            isReadOnly={member !== undefined}
            onChange={(text) => {
              setTouched(true);
              props.onChange({ ...props.value, [key]: text });
            }}
            errorMessage={
              showProblem && !props.value[key]?.trim() ? `${inner.label} is required` : undefined
            }
          />
        ))}
    </Flex>
  );
}

/** A person: picked from the team (an author), or with `open`, typed in (a guest speaker). */
export function personField(field: Person): BasicFormField<PersonValue> {
  const empty = () => Object.fromEntries(Object.keys(field.fields).map((key) => [key, ""]));
  const parse = (value: unknown): PersonValue =>
    value && typeof value === "object" && !Array.isArray(value)
      ? { ...empty(), ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) }
      : empty();
  return {
    kind: "form",
    label: field.label,
    Input: (props) => <PersonInput field={field} {...props} />,
    defaultValue: empty,
    parse,
    serialize: (value) => ({ value: { ...value } }),
    validate(value) {
      const problem = personProblem(field, value);
      if (problem) throw new Error(problem);
      return value;
    },
    reader: { parse },
  };
}

/**
 * Chromium's date inputs let a day be typed that the month does not have
 * (30 February): the input then holds no value. Said next to the field,
 * rather than "is required".
 */
function CalendarCheck({ label, children }: { label: string; children: ReactElement }) {
  const [notInCalendar, setNotInCalendar] = useState(false);
  // Checked as each key goes up, and when the field is left: a date input
  // sends no change while what was typed is not a date.
  const check = (event: { target: EventTarget }) => {
    const input = event.target as HTMLInputElement;
    if (input.validity) setNotInCalendar(input.validity.badInput);
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- it listens to the input inside; it takes none itself
    <div onBlur={check} onKeyUp={check}>
      {children}
      {notInCalendar && (
        <Text color="critical" size="small" role="alert">
          {label}: that day is not in the calendar (no month has more days than it has): pick one
          with the calendar.
        </Text>
      )}
    </div>
  );
}

/** A calendar date, YYYY-MM-DD, with its picker. */
export function dateField(field: Extract<FieldDescription, { kind: "date" }>) {
  const date = fields.date({ label: field.label, validation: { isRequired: !field.optional } });
  return {
    ...date,
    Input: (props: FormFieldInputProps<string | null>) => (
      <CalendarCheck label={field.label}>{date.Input(props) ?? <></>}</CalendarCheck>
    ),
  };
}

/** A local date and time, YYYY-MM-DDTHH:mm, with its picker, written as the schema reads it. */
export function dateTimeField(field: Extract<FieldDescription, { kind: "datetime" }>) {
  const datetime = fields.datetime({
    label: field.label,
    validation: { isRequired: !field.optional },
  });
  return {
    ...datetime,
    Input: (props: FormFieldInputProps<string | null>) => (
      <CalendarCheck label={field.label}>{datetime.Input(props) ?? <></>}</CalendarCheck>
    ),
    // Keystatic writes a Date, which YAML then writes as an instant in UTC.
    serialize: (value: string | null) => ({ value: value ?? undefined }),
  };
}

/** A local time, HH:mm, with the browser's time picker. */
export function timeField(
  field: Extract<FieldDescription, { kind: "time" }>,
): BasicFormField<string | null> {
  const problem = (value: string | null) =>
    value === null
      ? field.optional
        ? undefined
        : `${field.label} is required`
      : /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value)
        ? undefined
        : `${field.label} must be a time such as 09:30`;
  const parse = (value: unknown) => (typeof value === "string" && value ? value : null);
  return {
    kind: "form",
    label: field.label,
    Input(props) {
      const [blurred, setBlurred] = useState(false);
      return (
        <TextField
          label={field.label}
          type="time"
          value={props.value ?? ""}
          onChange={(text) => props.onChange(text || null)}
          onBlur={() => setBlurred(true)}
          // Keystatic asks for focus on the first field of a list item's dialog it opens.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={props.autoFocus}
          errorMessage={blurred || props.forceValidation ? problem(props.value) : undefined}
          width="scale.2400"
        />
      );
    },
    defaultValue: () => null,
    parse,
    serialize: (value) => ({ value: value ?? undefined }),
    validate(value) {
      const message = problem(value);
      if (message) throw new Error(message);
      return value;
    },
    reader: { parse },
  };
}
