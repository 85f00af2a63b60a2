// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {IEntryPointDeposits} from "./IEntryPointDeposits.sol";

/// @notice What Sigil's verifying paymasters share, whatever the EntryPoint version: the EntryPoint, an owner who
/// manages the deposit and the signer, the signer whose EIP-191 signature over `getHash(...)` sponsors an
/// operation, and the validation result packing. Validation never reverts on a bad signature: it returns
/// SIG_VALIDATION_FAILED packed with the validity window, so gas estimation with a dummy signature works.
abstract contract SigilPaymasterBase {
    /// @notice The EntryPoint this paymaster serves.
    address public immutable entryPoint;
    address public owner;
    /// @notice Whose signature sponsors an operation.
    address public signer;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event SignerChanged(address indexed previousSigner, address indexed newSigner);

    error NotOwner();
    error NotEntryPoint();
    error InvalidPaymasterAndData(uint256 length);
    error ZeroAddress();

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyEntryPoint() {
        if (msg.sender != entryPoint) revert NotEntryPoint();
        _;
    }

    constructor(address entryPoint_, address owner_, address signer_) {
        if (entryPoint_ == address(0) || owner_ == address(0)) revert ZeroAddress();
        entryPoint = entryPoint_;
        owner = owner_;
        signer = signer_;
        emit OwnershipTransferred(address(0), owner_);
        emit SignerChanged(address(0), signer_);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function setSigner(address newSigner) external onlyOwner {
        emit SignerChanged(signer, newSigner);
        signer = newSigner;
    }

    /// @notice Adds the value to this paymaster's deposit in the EntryPoint.
    function deposit() external payable {
        IEntryPointDeposits(entryPoint).depositTo{value: msg.value}(address(this));
    }

    /// @notice This paymaster's deposit in the EntryPoint.
    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposits(entryPoint).balanceOf(address(this));
    }

    function withdrawTo(address payable withdrawAddress, uint256 amount) external onlyOwner {
        IEntryPointDeposits(entryPoint).withdrawTo(withdrawAddress, amount);
    }

    function addStake(uint32 unstakeDelaySec) external payable onlyOwner {
        IEntryPointDeposits(entryPoint).addStake{value: msg.value}(unstakeDelaySec);
    }

    function unlockStake() external onlyOwner {
        IEntryPointDeposits(entryPoint).unlockStake();
    }

    function withdrawStake(address payable withdrawAddress) external onlyOwner {
        IEntryPointDeposits(entryPoint).withdrawStake(withdrawAddress);
    }

    /// @dev `validationData` = sigFailed (0 or 1) | validUntil << 160 | validAfter << 208.
    function _validationData(bytes32 hash, bytes calldata signature, uint48 validUntil, uint48 validAfter)
        internal
        view
        returns (uint256)
    {
        address recovered = ECDSA.tryRecoverCalldata(ECDSA.toEthSignedMessageHash(hash), signature);
        uint256 failed = recovered == address(0) || recovered != signer ? 1 : 0;
        return failed | (uint256(validUntil) << 160) | (uint256(validAfter) << 208);
    }
}
