// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { CodeInput } from './CodeInput.js'

/** The six digit boxes on their own: typing, pasting, Backspace, arrows and non-digits. */

afterEach(cleanup)

const renderCode = (props: Partial<Parameters<typeof CodeInput>[0]> = {}) => {
  const onComplete = vi.fn()
  render(<CodeInput label="Verification code" onComplete={onComplete} autoFocus {...props} />)
  const boxes = screen.getAllByLabelText(/^Digit \d of 6$/) as HTMLInputElement[]
  const values = () => boxes.map((box) => box.value).join(',')
  return { user: userEvent.setup(), onComplete, boxes, values }
}

test('default: six labelled boxes in a group named by the label; the first offers the one-time code', () => {
  const { boxes } = renderCode()
  expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual(
    [1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`),
  )
  const group = screen.getByRole('group', { name: 'Verification code' })
  expect(boxes.every((box) => group.contains(box))).toBe(true)
  expect(boxes[0]?.getAttribute('autocomplete')).toBe('one-time-code')
  expect(boxes.every((box) => box.getAttribute('inputmode') === 'numeric')).toBe(true)
  expect(document.activeElement).toBe(boxes[0])
})

test('behavior: typing fills box after box and calls onComplete once with the sixth digit', async () => {
  const { user, onComplete, boxes, values } = renderCode()
  await user.type(screen.getByLabelText('Verification code'), '12345')
  expect(values()).toBe('1,2,3,4,5,')
  expect(document.activeElement).toBe(boxes[5])
  expect(onComplete).not.toHaveBeenCalled()
  await user.keyboard('6')
  expect(onComplete).toHaveBeenCalledTimes(1)
  expect(onComplete).toHaveBeenCalledWith('123456')
})

test('behavior: a whole code pasted into any box is spread over the six and submitted', async () => {
  const { user, onComplete, boxes, values } = renderCode()
  await user.click(boxes[3] as HTMLInputElement)
  await user.paste('98 76-54')
  expect(values()).toBe('9,8,7,6,5,4')
  expect(onComplete).toHaveBeenCalledWith('987654')
})

test('behavior: a shorter paste fills from the box it lands in', async () => {
  const { user, onComplete, boxes, values } = renderCode()
  await user.click(boxes[2] as HTMLInputElement)
  await user.paste('12')
  expect(values()).toBe(',,1,2,,')
  expect(document.activeElement).toBe(boxes[4])
  expect(onComplete).not.toHaveBeenCalled()
})

test('behavior: Backspace in an empty box clears the one before and moves back; arrows move', async () => {
  const { user, boxes, values } = renderCode()
  await user.keyboard('123')
  expect(document.activeElement).toBe(boxes[3])
  await user.keyboard('{Backspace}')
  expect(values()).toBe('1,2,,,,')
  expect(document.activeElement).toBe(boxes[2])
  await user.keyboard('{Backspace}{Backspace}')
  expect(values()).toBe(',,,,,')
  expect(document.activeElement).toBe(boxes[0])
  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(document.activeElement).toBe(boxes[2])
  await user.keyboard('{ArrowLeft}')
  expect(document.activeElement).toBe(boxes[1])
})

test('behavior: Backspace in a filled box clears it and stays', async () => {
  const { user, boxes, values } = renderCode()
  await user.keyboard('12{ArrowLeft}')
  expect(document.activeElement).toBe(boxes[1])
  await user.keyboard('{Backspace}')
  expect(values()).toBe('1,,,,,')
  expect(document.activeElement).toBe(boxes[1])
})

test('behavior: typing over a filled box replaces its digit and moves on', async () => {
  const { user, boxes, values } = renderCode()
  await user.keyboard('12')
  await user.keyboard('{ArrowLeft}{ArrowLeft}')
  expect(document.activeElement).toBe(boxes[0])
  await user.keyboard('7')
  expect(values()).toBe('7,2,,,,')
  expect(document.activeElement).toBe(boxes[1])
})

test('error: letters and signs are ignored; a paste without digits changes nothing', async () => {
  const { user, onComplete, boxes, values } = renderCode()
  await user.keyboard('a-1 b')
  expect(values()).toBe('1,,,,,')
  expect(document.activeElement).toBe(boxes[1])
  await user.paste('abc')
  expect(values()).toBe('1,,,,,')
  expect(onComplete).not.toHaveBeenCalled()
})

test('error: an error is announced and tied to the group; disabled boxes take nothing', async () => {
  const { user, boxes, values } = renderCode({
    errorText: 'The code you entered is incorrect',
    disabled: true,
  })
  const alert = screen.getByRole('alert')
  expect(alert.textContent).toBe('The code you entered is incorrect')
  expect(screen.getByRole('group').getAttribute('aria-describedby')).toBe(alert.id)
  expect(boxes.every((box) => box.disabled && box.getAttribute('aria-invalid') === 'true')).toBe(true)
  await user.type(boxes[0] as HTMLInputElement, '123')
  expect(values()).toBe(',,,,,')
})
