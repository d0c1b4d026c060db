import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { defaultTimezone } from '../../../../common/constants';
import { phoneNumberFormatOf } from '../../../../common/phone-format-choice';
import { updateProfileSchema } from '../../../../common/validation/users';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { applyColorScheme, normalizeColorScheme } from '../../../lib/color-scheme';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type CurrentUser } from '../../auth/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import { ChangePasswordForm } from '../../auth/components/change-password-form';
import { useUpdateProfile } from '../api';
import {
  type Choice,
  colorSchemeChoices,
  currencyChoices,
  dateNumberFormatChoices,
  phoneNumberFormatChoices,
  kanbanThemeChoices,
  languageChoices,
  timezoneChoices,
  withCurrent,
} from '../preferences';

const fields = [
  'firstName',
  'lastName',
  'phoneNumber',
  'phoneNumberFormat',
  'timezone',
  'dateNumberFormat',
  'language',
  'defaultCurrency',
  'colorScheme',
  'kanbanTheme',
  'showReleaseNotifications',
] as const;

function valuesOf(user: CurrentUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? '',
    phoneNumberFormat: phoneNumberFormatOf(user.phoneNumberFormat),
    timezone: user.timezone ?? defaultTimezone,
    dateNumberFormat: user.dateNumberFormat ?? 'US',
    language: user.language ?? 'en',
    defaultCurrency: user.defaultCurrency ?? 'USD',
    colorScheme: normalizeColorScheme(user.colorScheme),
    kanbanTheme: user.kanbanTheme ?? 'professional',
    showReleaseNotifications: user.showReleaseNotifications,
  };
}

function Options({ choices }: { choices: Choice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

/** Settings › Profile: preferences, then the password (a form of its own). */
export function ProfileSection() {
  return (
    <div className="flex flex-col gap-6">
      <ProfileForm />
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>
            Other devices signed in to your account are signed out when it changes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm
            idPrefix="profile-password"
            submitLabel="Change password"
            className="max-w-md"
            onChanged={() =>
              void toast.success('Password changed', {
                description: 'Use your new password next time you sign in.',
              })
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** The signed-in user's name, contact and preferences. */
function ProfileForm() {
  const user = useSignedInUser();
  const updateProfile = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(updateProfileSchema), defaultValues: valuesOf(user) });

  // The scheme previews as soon as it is picked; leaving without saving restores the saved one.
  const savedScheme = useRef(user.colorScheme);
  useEffect(() => {
    savedScheme.current = user.colorScheme;
  }, [user.colorScheme]);
  useEffect(() => () => void applyColorScheme(savedScheme.current, { store: true }), []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await updateProfile.mutateAsync(values);
      applyColorScheme(saved.colorScheme, { store: true });
      reset(valuesOf(saved));
      toast.success('Profile saved', { description: 'Your profile and preferences were updated.' });
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  const error = (name: (typeof fields)[number]) => errors[name]?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Profile">
      <Card>
        <CardHeader>
          <CardTitle>Personal information</CardTitle>
          <CardDescription>How you appear to your team. Your e-mail address is {user.email}.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField id="profile-first-name" label="First name" error={error('firstName')}>
            <Input
              {...fieldA11y('profile-first-name', error('firstName'))}
              autoComplete="given-name"
              {...register('firstName')}
            />
          </FormField>
          <FormField id="profile-last-name" label="Last name" error={error('lastName')}>
            <Input
              {...fieldA11y('profile-last-name', error('lastName'))}
              autoComplete="family-name"
              {...register('lastName')}
            />
          </FormField>
          <FormField
            id="profile-phone"
            label="Phone number"
            labelAside="Optional"
            error={error('phoneNumber')}
          >
            <Input
              {...fieldA11y('profile-phone', error('phoneNumber'))}
              type="tel"
              autoComplete="tel"
              placeholder="(555) 123-4567"
              {...register('phoneNumber')}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Regional preferences</CardTitle>
          <CardDescription>Used for dates, amounts and reminders across Locus.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField id="profile-timezone" label="Time zone" error={error('timezone')}>
            <Select {...fieldA11y('profile-timezone', error('timezone'))} {...register('timezone')}>
              <Options choices={withCurrent(timezoneChoices, user.timezone)} />
            </Select>
          </FormField>
          <FormField
            id="profile-date-format"
            label="Date and number format"
            error={error('dateNumberFormat')}
          >
            <Select
              {...fieldA11y('profile-date-format', error('dateNumberFormat'))}
              {...register('dateNumberFormat')}
            >
              <Options choices={withCurrent(dateNumberFormatChoices, user.dateNumberFormat)} />
            </Select>
          </FormField>
          <FormField id="profile-phone-format" label="Phone number format" error={error('phoneNumberFormat')}>
            <Select
              {...fieldA11y('profile-phone-format', error('phoneNumberFormat'))}
              {...register('phoneNumberFormat')}
            >
              <Options choices={phoneNumberFormatChoices} />
            </Select>
          </FormField>
          <FormField id="profile-language" label="Language" error={error('language')}>
            <Select {...fieldA11y('profile-language', error('language'))} {...register('language')}>
              <Options choices={withCurrent(languageChoices, user.language)} />
            </Select>
          </FormField>
          <FormField id="profile-currency" label="Default currency" error={error('defaultCurrency')}>
            <Select
              {...fieldA11y('profile-currency', error('defaultCurrency'))}
              {...register('defaultCurrency')}
            >
              <Options choices={withCurrent(currencyChoices, user.defaultCurrency)} />
            </Select>
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>Pick a colour scheme; it applies right away so you can try it.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <Controller
            control={control}
            name="colorScheme"
            render={({ field }) => (
              <fieldset>
                <legend className="text-sm font-medium">Colour scheme</legend>
                <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                  {colorSchemeChoices.map((choice) => {
                    const selected = field.value === choice.value;
                    return (
                      // The tile shows its own scheme's colours.
                      <div key={choice.value} data-color-scheme={choice.value}>
                        <RadioTile
                          className={cn(
                            'flex h-full flex-col gap-2 rounded-xl border p-2.5 transition',
                            'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
                            selected
                              ? 'border-primary ring-1 ring-primary'
                              : 'border-border hover:border-slate-300',
                          )}
                          name={field.name}
                          value={choice.value}
                          checked={selected}
                          onChange={() => {
                            field.onChange(choice.value);
                            applyColorScheme(choice.value);
                          }}
                          onBlur={field.onBlur}
                        >
                          <span className="flex h-10 overflow-hidden rounded-lg" aria-hidden="true">
                            <span className="flex-[3] bg-primary" />
                            <span className="flex-[2] bg-primary-soft" />
                          </span>
                          <span className="flex items-center justify-between gap-1 text-xs font-medium">
                            {choice.label}
                            {selected ? <Check className="size-3.5 text-primary" aria-hidden="true" /> : null}
                          </span>
                        </RadioTile>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />
          <FormField
            id="profile-kanban"
            label="Pipeline board style"
            error={error('kanbanTheme')}
            className="sm:max-w-xs"
          >
            <Select {...fieldA11y('profile-kanban', error('kanbanTheme'))} {...register('kanbanTheme')}>
              <Options choices={withCurrent(kanbanThemeChoices, user.kanbanTheme)} />
            </Select>
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
        </CardHeader>
        <CardContent>
          <Controller
            control={control}
            name="showReleaseNotifications"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="profile-release-notifications"
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  className="mt-0.5"
                  aria-describedby="profile-release-notifications-hint"
                />
                <div>
                  <Label htmlFor="profile-release-notifications">
                    Show me new updates when they're released
                  </Label>
                  <p id="profile-release-notifications-hint" className="mt-0.5 text-sm text-muted-foreground">
                    A short summary of what's new appears after you sign in.
                  </p>
                </div>
              </div>
            )}
          />
        </CardContent>
      </Card>

      {/* Floats at the bottom of the screen while there are unsaved changes. */}
      <div
        className={cn(
          'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end',
          isDirty &&
            'sticky bottom-3 z-10 rounded-xl border border-border bg-surface/95 px-4 py-3 shadow-lg backdrop-blur',
        )}
      >
        <FormError message={formError} className="sm:mr-auto" />
        {isDirty && !formError ? (
          <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
            You have unsaved changes.
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button
            type="button"
            variant="secondary"
            disabled={!isDirty || isSubmitting}
            onClick={() => {
              reset(valuesOf(user));
              applyColorScheme(user.colorScheme);
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            {isSubmitting ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      </div>
    </form>
  );
}
